#!/bin/bash
# A kernel whose parameters carry `llvm.noalias` (bench/kernels/noalias.mlir, bare pointers),
# kiln against MLIR 19's pipeline (with `use-bare-ptr-memref-call-conv=1`, then opt and llc
# for the same generic x86-64 CPU) and clang's C with `restrict`, at -O3 and -O0; and kiln
# with the attribute removed, to show what it is worth. Three rounds of each executable in
# turn, the best of each (every run is the best of 7×20 calls).
# usage: scripts/bench-noalias.sh [KILN]   (default: the release build)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
source scripts/bench-lib.sh
KILN=${1:-$(release_kiln)}
B=/usr/lib/llvm-19/bin
src=bench/kernels/noalias.mlir
driver=bench/kernels/noalias.c
PIPELINE=$(reference_pipeline bare)
sed 's/ {llvm.noalias}//g' "$src" > "$dir/aliased.mlir"
triple=x86_64-pc-linux-gnu
best() { sort -n "$1" | head -1; }
for level in 3 0; do
    "$KILN" compile "$src" -O$level -o "$dir/kiln.o"
    "$KILN" compile "$dir/aliased.mlir" -O$level -o "$dir/aliased.o"
    # shellcheck disable=SC2086
    $B/mlir-opt $PIPELINE "$src" | $B/mlir-translate --mlir-to-llvmir -o "$dir/m.ll"
    $B/opt -passes="default<O$level>" -mtriple=$triple "$dir/m.ll" -o "$dir/m.bc"
    $B/llc -O$level -mtriple=$triple -mcpu=generic -filetype=obj -relocation-model=pic "$dir/m.bc" -o "$dir/mlir.o"
    for v in kiln aliased mlir; do $B/clang -O3 "$driver" "$dir/$v.o" -o "$dir/$v"; done
    $B/clang -O$level -DKERNELS_IN_C "$driver" -o "$dir/c"
    for v in kiln aliased mlir c; do : > "$dir/$v.txt"; done
    for _ in 1 2 3; do
        for v in kiln aliased mlir c; do "$dir/$v" | awk '$1 == "rowsum" { print $2 }' >> "$dir/$v.txt"; done
    done
    k=$(best "$dir/kiln.txt"); a=$(best "$dir/aliased.txt"); m=$(best "$dir/mlir.txt"); c=$(best "$dir/c.txt")
    awk -v k="$k" -v a="$a" -v m="$m" -v c="$c" -v l="$level" 'BEGIN {
        printf "-O%s rowsum (ms per call): kiln %.3f, kiln without noalias %.3f, MLIR %.3f, clang %.3f; kiln / MLIR %.2f, kiln / clang %.2f\n",
            l, k, a, m, c, k/m, k/c }'
done
