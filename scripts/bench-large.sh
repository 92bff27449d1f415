#!/bin/sh
# One large function (issue #14: 10^5 blocks, 10^6 operations in one block), at a size and
# ten times that size: `kiln lower`'s wall time (on every core, and on one thread) and
# `mlir-opt-19`'s conversion of the same function, each the median of ROUNDS runs (default
# 5) taken in turn, so that a busy minute slows all three alike; the median peak resident
# memory of kiln (every core) and of mlir-opt; then kiln's instructions on one thread under
# callgrind at a tenth of those sizes (work, which the machine's caches do not bend), less
# those of lowering a one-function file (loading the rules and LLVM: the same at every
# size). A function whose cost is linear in its size shows ratios near 10.
#   blocks: scripts/gen_module.py N --blocks  (N blocks, each adding to a block argument)
#   chain:  scripts/gen_module.py N --chain   (N dependent arith.muli in one block)
# usage: [ROUNDS=5] scripts/bench-large.sh [KILN]   (needs valgrind; about 12 minutes)
set -eu
cd "$(dirname "$0")/.."
KILN=${1:-./target/release/kiln}
ROUNDS=${ROUNDS:-5}
. scripts/bench-lib.sh
PASSES="--convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts"
run() {  # appends "LABEL wall-seconds peak-KiB" of one run to $dir/runs
    label=$1
    shift
    /usr/bin/time -f "$label %e %M" -o "$dir/t" "$@" > /dev/null 2> "$dir/log" \
        || { cat "$dir/log" >&2; exit 1; }
    cat "$dir/t" >> "$dir/runs"
}
# The median of a label's wall times (field 2) or peaks (field 3, in MiB).
med() {
    python3 - "$dir/runs" "$1" "$2" <<'PY'
import statistics, sys
path, label, field = sys.argv[1], sys.argv[2], int(sys.argv[3])
xs = [float(l.split()[field - 1]) for l in open(path) if l.split()[0] == label]
m = statistics.median(xs)
print(f"{m:.2f}" if field == 2 else f"{m / 1024:.0f}")
PY
}
ratio() { python3 -c "print(f'{$2 / $1:.1f}')"; }
printf 'func.func @f() {\n  func.return\n}\n' > "$dir/one.mlir"
base=$(instructions /dev/null "$KILN" lower "$dir/one.mlir" -o /dev/null)
echo "Medians of $ROUNDS runs; kiln's peak is on every core."
echo
echo "| function | size | kiln lower, s | kiln, 1 thread, s | mlir-opt-19, s | kiln peak, MiB | mlir-opt-19 peak, MiB | kiln instructions at size / 10, less $base |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for shape in blocks chain; do
    if [ "$shape" = blocks ]; then small=10000; else small=100000; fi
    large=$((small * 10))
    for n in $((small / 10)) $small $large; do
        python3 scripts/gen_module.py "$n" --"$shape" > "$dir/$shape$n.mlir"
    done
    : > "$dir/runs"
    i=0
    while [ "$i" -lt "$ROUNDS" ]; do
        for n in $small $large; do
            f="$dir/$shape$n.mlir"
            run "k$n" "$KILN" lower "$f" -o /dev/null
            RAYON_NUM_THREADS=1 run "k1$n" "$KILN" lower "$f" -o /dev/null
            run "m$n" mlir-opt-19 $PASSES "$f" -o /dev/null
        done
        i=$((i + 1))
    done
    i1=$(( $(instructions /dev/null "$KILN" lower "$dir/$shape$((small / 10)).mlir" -o /dev/null) - base ))
    i2=$(( $(instructions /dev/null "$KILN" lower "$dir/$shape$small.mlir" -o /dev/null) - base ))
    for n in $small $large; do
        eval "k$n=\$(med k$n 2) k1$n=\$(med k1$n 2) m$n=\$(med m$n 2) pk$n=\$(med k$n 3) pm$n=\$(med m$n 3)"
    done
    eval "echo \"| $shape | $small | \$k$small | \$k1$small | \$m$small | \$pk$small | \$pm$small | $i1 |\""
    eval "echo \"| $shape | $large | \$k$large | \$k1$large | \$m$large | \$pk$large | \$pm$large | $i2 |\""
    eval "echo \"| $shape | ratio | \$(ratio \$k$small \$k$large) | \$(ratio \$k1$small \$k1$large) | \$(ratio \$m$small \$m$large) | \$(ratio \$pk$small \$pk$large) | \$(ratio \$pm$small \$pm$large) | $(ratio "$i1" "$i2") |\""
done
