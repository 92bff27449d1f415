#!/bin/sh
# Peak resident memory: `mlir-opt-19`'s conversion of the memref module
# (scripts/gen_memref_module.py N) against `kiln check`, `kiln lower -o FILE` and `kiln compile
# -o FILE` of the same module, for each kiln binary given, one run each (peak memory varies
# by 1-2% between runs; time by far more). Prints a Markdown table: MiB and the ratio to
# mlir-opt's.
# usage: scripts/bench-peak.sh N KILN [KILN...]   (N=10000 takes about a minute per binary)
set -eu
cd "$(dirname "$0")/.."
N=${1:?usage: scripts/bench-peak.sh N KILN [KILN...]}
shift
[ $# -ge 1 ] || { echo "usage: scripts/bench-peak.sh N KILN [KILN...]" >&2; exit 2; }
. scripts/bench-lib.sh
python3 scripts/gen_memref_module.py "$N" > "$dir/m.mlir"
peak() {  # peak resident KiB of one run of the command
    /usr/bin/time -f '%M' -o "$dir/time" "$@" > /dev/null 2> "$dir/log" \
        || { cat "$dir/log" >&2; exit 1; }
    cat "$dir/time"
}
mlir=$(peak mlir-opt-19 --expand-strided-metadata --finalize-memref-to-llvm \
    --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm \
    --convert-func-to-llvm --reconcile-unrealized-casts "$dir/m.mlir" -o "$dir/out.mlir")
row() {  # name, KiB
    python3 -c "print(f'| {\"$1\"} | {$2 / 1024:.0f} MiB | {$2 / $mlir:.2f} |')"
}
echo "| $N memref functions | peak memory | / mlir-opt |"
echo "|---|---:|---:|"
row "mlir-opt-19 conversion" "$mlir"
for kiln in "$@"; do
    row "$kiln check" "$(peak "$kiln" check "$dir/m.mlir")"
    row "$kiln lower -o" "$(peak "$kiln" lower "$dir/m.mlir" -o "$dir/out.txt")"
    row "$kiln compile -o" "$(peak "$kiln" compile "$dir/m.mlir" -o "$dir/out.o")"
done
