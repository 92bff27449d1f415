#!/bin/bash
# Address arithmetic of memref accesses, kiln vs MLIR 19, at -O0: per function of
# corpus/strided_4d.mlir (a 4-d load with dynamic strides and offset; a read-modify-write of
# one element) and corpus/matmul.mlir, the number of LLVM IR instructions and of x86-64
# machine instructions `llc -O0` emits.
# usage: scripts/bench-addr.sh [KILN]   (default: target/release/kiln)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/scripts/bench-lib.sh"
KILN=${1:-$here/target/release/kiln}
BIN=/usr/lib/llvm-19/bin
PIPELINE="--arith-expand --expand-strided-metadata --finalize-memref-to-llvm --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts"
# Instructions of one function in a .ll (lines inside its body that are not labels).
ir_count() { awk -v f="@$2(" 'index($0,"define")==1 && index($0,f){on=1;next} on&&/^}/{exit} on&&/^  /{n++} END{print n+0}' "$1"; }
# Machine instructions of one function in llc's assembly.
asm_count() { awk -v f="$2:" '$1==f{on=1;next} on&&/\.cfi_endproc|\.Lfunc_end/{exit} on&&/^\t[a-z]/{n++} END{print n+0}' "$1"; }
printf '%-28s %10s %10s %10s %10s\n' function "kiln IR" "MLIR IR" "kiln asm" "MLIR asm"
for prog in strided_4d matmul; do
    src="$here/corpus/$prog.mlir"
    "$KILN" compile "$src" --emit llvm-ir -O0 --target x86_64-unknown-linux-gnu -o "$dir/k.ll"
    "$KILN" compile "$src" --emit asm -O0 --target x86_64-unknown-linux-gnu -o "$dir/k.s"
    # shellcheck disable=SC2086
    $BIN/mlir-opt $PIPELINE "$src" | $BIN/mlir-translate --mlir-to-llvmir -o "$dir/m.ll"
    $BIN/llc -O0 -mtriple=x86_64-unknown-linux-gnu -relocation-model=pic "$dir/m.ll" -o "$dir/m.s"
    for f in $(grep -o 'func.func @[a-z0-9_]*' "$src" | sed 's/func.func @//'); do
        printf '%-28s %10s %10s %10s %10s\n' "$prog.mlir @$f" \
            "$(ir_count "$dir/k.ll" "$f")" "$(ir_count "$dir/m.ll" "$f")" \
            "$(asm_count "$dir/k.s" "$f")" "$(asm_count "$dir/m.s" "$f")"
    done
done
