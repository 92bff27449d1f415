#!/bin/sh
# Front-end speed, kiln vs MLIR 19, in the same run: parse + verify (+ print) of a generated
# module of N functions. Prints the median of 5 runs of each and the ratios.
# usage: scripts/bench-check.sh [N]   (needs a release build: scripts/build-release.sh, or cargo build --release --bin kiln)
set -eu
cd "$(dirname "$0")/.."
N=${1:-5000}
MLIR_OPT=/usr/lib/llvm-19/bin/mlir-opt
. scripts/bench-lib.sh
KILN=$(release_kiln)
python3 scripts/gen_module.py "$N" > "$dir/big.mlir"
k_check=$(median "$KILN" check "$dir/big.mlir")
k_fmt=$(median "$KILN" fmt "$dir/big.mlir" -o "$dir/out.mlir")
k_generic=$(median "$KILN" fmt --as-mlir-opt "$dir/big.mlir" -o "$dir/generic.mlir")
m_opt=$(median "$MLIR_OPT" --allow-unregistered-dialect "$dir/big.mlir" -o "$dir/mlir.mlir")
m_verify=$(median "$MLIR_OPT" --allow-unregistered-dialect --mlir-disable-threading "$dir/big.mlir" -o "$dir/mlir.mlir")
printf 'functions: %s, lines: %s\n' "$N" "$(wc -l < "$dir/big.mlir")"
printf '%-48s %8.3f s\n' "kiln check (parse + verify)" "$k_check"
printf '%-48s %8.3f s\n' "kiln fmt (parse + verify + print)" "$k_fmt"
printf '%-48s %8.3f s\n' "kiln fmt --as-mlir-opt (generic IR)" "$k_generic"
printf '%-48s %8.3f s\n' "mlir-opt-19 (parse + verify + print)" "$m_opt"
printf '%-48s %8.3f s\n' "mlir-opt-19 --mlir-disable-threading" "$m_verify"
printf 'ratio kiln fmt / mlir-opt: %.2f   (single-threaded mlir-opt: %.2f)\n' \
    "$(python3 -c "print($k_fmt / $m_opt)")" "$(python3 -c "print($k_fmt / $m_verify)")"
printf 'ratio kiln fmt --as-mlir-opt / mlir-opt: %.2f\n' "$(python3 -c "print($k_generic / $m_opt)")"
# The generic IR prints what mlir-opt-19 prints, byte for byte.
if cmp -s "$dir/generic.mlir" "$dir/mlir.mlir"; then echo "kiln fmt --as-mlir-opt output: identical to mlir-opt-19's"; else echo "kiln fmt --as-mlir-opt output: DIFFERS from mlir-opt-19's"; fi
