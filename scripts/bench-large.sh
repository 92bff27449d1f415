#!/bin/sh
# One large function (issue #14: 10^5 blocks, 10^6 operations in one block), at a size and
# ten times that size: `kiln lower`'s wall time and `mlir-opt-19`'s conversion of the same
# function (one run each), then kiln's instructions on one thread under callgrind at a tenth
# of those sizes (work, which the machine's caches do not bend), less those of lowering a
# one-function file (loading the rules and LLVM: the same at every size). A function whose
# cost is linear in its size shows ratios near 10.
#   blocks: scripts/gen_module.py N --blocks  (N blocks, each adding to a block argument)
#   chain:  scripts/gen_module.py N --chain   (N dependent arith.muli in one block)
# usage: scripts/bench-large.sh [KILN]   (needs valgrind; about 10 minutes)
set -eu
cd "$(dirname "$0")/.."
KILN=${1:-./target/release/kiln}
. scripts/bench-lib.sh
PASSES="--convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts"
wall() {  # wall seconds of one run
    /usr/bin/time -f '%e' -o "$dir/t" "$@" > /dev/null 2> "$dir/log" || { cat "$dir/log" >&2; exit 1; }
    cat "$dir/t"
}
ratio() { python3 -c "print(f'{$2 / $1:.1f}')"; }
printf 'func.func @f() {\n  func.return\n}\n' > "$dir/one.mlir"
base=$(instructions /dev/null "$KILN" lower "$dir/one.mlir" -o /dev/null)
echo "| function | size | kiln lower, s | mlir-opt-19, s | kiln instructions at size / 10, less $base |"
echo "|---|---:|---:|---:|---:|"
for shape in blocks chain; do
    if [ "$shape" = blocks ]; then small=10000; else small=100000; fi
    large=$((small * 10))
    for n in $((small / 10)) $small $large; do
        python3 scripts/gen_module.py "$n" --"$shape" > "$dir/$shape$n.mlir"
    done
    k1=$(wall "$KILN" lower "$dir/$shape$small.mlir" -o /dev/null)
    m1=$(wall mlir-opt-19 $PASSES "$dir/$shape$small.mlir" -o /dev/null)
    k2=$(wall "$KILN" lower "$dir/$shape$large.mlir" -o /dev/null)
    m2=$(wall mlir-opt-19 $PASSES "$dir/$shape$large.mlir" -o /dev/null)
    i1=$(( $(instructions /dev/null "$KILN" lower "$dir/$shape$((small / 10)).mlir" -o /dev/null) - base ))
    i2=$(( $(instructions /dev/null "$KILN" lower "$dir/$shape$small.mlir" -o /dev/null) - base ))
    echo "| $shape | $small | $k1 | $m1 | $i1 |"
    echo "| $shape | $large | $k2 | $m2 | $i2 |"
    echo "| $shape | ratio | $(ratio "$k1" "$k2") | $(ratio "$m1" "$m2") | $(ratio "$i1" "$i2") |"
done
