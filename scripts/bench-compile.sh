#!/bin/sh
# End-to-end compile speed, kiln vs the MLIR 19 pipeline, in the same run: a generated
# func/arith/cf module of N functions to an object file at -O0 and -O2. kiln: parse, verify,
# lower with the rules, LLVM codegen. MLIR: mlir-opt-19 conversion to the LLVM dialect,
# mlir-translate-19 to LLVM IR, opt-19 -passes=default<On> (the pipeline kiln runs), llc-19
# to an object.
# llc-19 is given the CPU kiln compiles for by default, `-mcpu=generic` (tuned as clang's
# default), so that both make the same machine code from the same IR: with no `-mcpu`,
# llc's X86 backend tunes for i586, and at -O2 it then makes other, smaller code (on the
# memref module 26% less text, in 45% less time; kiln's -O2 object of its own IR is
# byte-identical to `llc -O2 -mcpu=generic`'s; measured in docs/history/benchmarks.md, "source to object
# at -O2"). LLC_CPU= (empty) gives llc its own default.
# Prints the median of 5 runs of each and the ratio.
# usage: [LLC_CPU=CPU] scripts/bench-compile.sh [N]   (needs: scripts/build-release.sh, or cargo build --release --bin kiln)
set -eu
cd "$(dirname "$0")/.."
N=${1:-2000}
LLC_CPU=${LLC_CPU-generic}
BIN=/usr/lib/llvm-19/bin
. scripts/bench-lib.sh
KILN=${KILN:-$(release_kiln)}
# MODULE=memref: the memref-heavy module of scripts/gen_memref_module.py, with
# MLIR's memref passes; LEVELS picks the optimization levels (default "0 2").
if [ "${MODULE:-scalar}" = memref ]; then
    python3 scripts/gen_memref_module.py "$N" > "$dir/big.mlir"
    PASSES="--expand-strided-metadata --finalize-memref-to-llvm"
else
    python3 scripts/gen_module.py "$N" --scalar > "$dir/big.mlir"
    PASSES="--arith-expand"
fi
mlir() {  # mlir LEVEL
    # shellcheck disable=SC2086
    $BIN/mlir-opt $PASSES --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm \
        --convert-func-to-llvm --reconcile-unrealized-casts "$dir/big.mlir" -o "$dir/m.mlir" &&
    $BIN/mlir-translate --mlir-to-llvmir "$dir/m.mlir" -o "$dir/m.ll" &&
    $BIN/opt "-passes=default<O$1>" "$dir/m.ll" -o "$dir/m.bc" &&
    $BIN/llc "-O$1" ${LLC_CPU:+-mcpu=$LLC_CPU} -filetype=obj -relocation-model=pic "$dir/m.bc" -o "$dir/m.o"
}
mlir 0 || { echo "the MLIR pipeline failed" >&2; exit 1; }
printf 'functions: %s, lines: %s\n' "$N" "$(wc -l < "$dir/big.mlir")"
for o in ${LEVELS:-0 2}; do
    k=$(median "$KILN" compile "$dir/big.mlir" -O$o -o "$dir/k.o")
    m=$(median mlir $o)
    printf '%-52s %8.3f s\n' "kiln compile -O$o (obj)" "$k"
    printf '%-52s %8.3f s\n' "mlir-opt + mlir-translate + llc -O$o (obj)" "$m"
    printf 'ratio at -O%s: %.2f\n' "$o" "$(python3 -c "print($k / $m)")"
done
