#!/bin/sh
# Lowering speed, kiln vs MLIR 19, in the same run: a generated module of N functions that
# use only func/arith/cf (what the shipped rules lower today). kiln: parse + verify + lower
# every function with the rules (encode, saturate, extract, elaborate) + print the lowered
# form. MLIR: mlir-opt-19's conversion to the LLVM dialect + print. Prints the median of 5
# runs of each and the ratio.
# usage: scripts/bench-lower.sh [N]   (needs a release build: scripts/build-release.sh, or cargo build --release --bin kiln)
set -eu
cd "$(dirname "$0")/.."
N=${1:-2000}
MLIR_OPT=/usr/lib/llvm-19/bin/mlir-opt
. scripts/bench-lib.sh
KILN=${KILN:-$(release_kiln)}
python3 scripts/gen_module.py "$N" --scalar > "$dir/big.mlir"
"$KILN" lower "$dir/big.mlir" -o "$dir/out.lowered"
k_lower=$(median "$KILN" lower "$dir/big.mlir" -o "$dir/out.lowered")
k_check=$(median "$KILN" check "$dir/big.mlir")
m_conv=$(median "$MLIR_OPT" --arith-expand --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm \
    --convert-func-to-llvm --reconcile-unrealized-casts "$dir/big.mlir" -o "$dir/out.llvm.mlir")
printf 'functions: %s, lines: %s\n' "$N" "$(wc -l < "$dir/big.mlir")"
printf '%-56s %8.3f s\n' "kiln check (parse + verify)" "$k_check"
printf '%-56s %8.3f s\n' "kiln lower (parse + verify + rules + print)" "$k_lower"
printf '%-56s %8.3f s\n' "mlir-opt-19 arith/index/cf/func-to-llvm (+ print)" "$m_conv"
printf 'ratio kiln lower / mlir-opt: %.2f   (per function: kiln %.3f ms, mlir-opt %.3f ms)\n' \
    "$(python3 -c "print($k_lower / $m_conv)")" \
    "$(python3 -c "print($k_lower * 1000 / $N)")" "$(python3 -c "print($m_conv * 1000 / $N)")"
