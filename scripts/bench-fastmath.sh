#!/bin/bash
# Float reductions under `fastmath<fast>` (bench/kernels/reductions.mlir), kiln against MLIR
# 19's pipeline (mlir-opt, mlir-translate, opt -O3, llc -O3, both for the same generic
# x86-64 CPU) and clang -O3 -ffast-math on the same kernels in C, at -O3 and -O0: the best of
# 7 runs of 20 calls per kernel, each variant its own executable with the same C driver
# (bench/kernels/reductions.c).
# usage: scripts/bench-fastmath.sh [KILN]   (default: the release build)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
source scripts/bench-lib.sh
KILN=${1:-$(release_kiln)}
B=/usr/lib/llvm-19/bin
src=bench/kernels/reductions.mlir
driver=bench/kernels/reductions.c
PIPELINE=$(reference_pipeline)
triple=x86_64-pc-linux-gnu
for level in 3 0; do
    "$KILN" compile "$src" -O$level -o "$dir/kiln.o"
    # shellcheck disable=SC2086
    $B/mlir-opt $PIPELINE "$src" | $B/mlir-translate --mlir-to-llvmir -o "$dir/m.ll"
    $B/opt -passes="default<O$level>" -mtriple=$triple "$dir/m.ll" -o "$dir/m.bc"
    $B/llc -O$level -mtriple=$triple -mcpu=generic -filetype=obj -relocation-model=pic "$dir/m.bc" -o "$dir/mlir.o"
    $B/clang -O3 "$driver" "$dir/kiln.o" -o "$dir/kiln"
    $B/clang -O3 "$driver" "$dir/mlir.o" -o "$dir/mlir"
    $B/clang -O$level -ffast-math -DKERNELS_IN_C "$driver" -o "$dir/c"
    echo "-O$level (ms per call; kiln / MLIR, kiln / clang)"
    # Three rounds, the executables in turn, the best of each: a busy minute slows all.
    : > "$dir/k.txt"; : > "$dir/m.txt"; : > "$dir/c.txt"
    for _ in 1 2 3; do
        "$dir/kiln" >> "$dir/k.txt"; "$dir/mlir" >> "$dir/m.txt"; "$dir/c" >> "$dir/c.txt"
    done
    best() { awk '$1 != "check" { if (!($1 in b) || $2 < b[$1]) b[$1] = $2 } END { print b["dot"], b["sumsq"] }' "$1"; }
    read -r kd ks <<< "$(best "$dir/k.txt")"
    read -r md ms <<< "$(best "$dir/m.txt")"
    read -r cd cs <<< "$(best "$dir/c.txt")"
    awk -v kd="$kd" -v ks="$ks" -v md="$md" -v ms="$ms" -v cd="$cd" -v cs="$cs" 'BEGIN {
        printf "  %-6s kiln %8.3f  MLIR %8.3f  clang %8.3f   %5.2f  %5.2f\n", "dot", kd, md, cd, kd/md, kd/cd
        printf "  %-6s kiln %8.3f  MLIR %8.3f  clang %8.3f   %5.2f  %5.2f\n", "sumsq", ks, ms, cs, ks/ms, ks/cs }'
done
