#!/bin/bash
# kiln cpu-runner substituted for mlir-cpu-runner after MLIR 19's own lowering: every lit
# program with a `kiln cpu-runner` RUN line is lowered by `mlir-opt-19` (the reference
# pipeline of verify/src/reference.rs) and run by both runners with that RUN line's flags and MLIR's
# runtime libraries; prints one line per program (same, DIFFERENT with the diff, or that
# MLIR cannot run it) and a count. Addresses in printed memrefs are masked.
# usage: scripts/compare-cpu-runner.sh [KILN]   (default: the release build)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
source scripts/bench-lib.sh
KILN=${1:-$(release_kiln)}
L=/usr/lib/llvm-19/lib
LIBS="--shared-libs=$L/libmlir_c_runner_utils.so.19.1,$L/libmlir_runner_utils.so.19.1"
PIPELINE=$(reference_pipeline)
same=0 different=0 unlowered=0
for f in tests/lit/*.mlir; do
    line=$(grep -m1 -E "RUN: %kiln cpu-runner %s" "$f") || continue
    b=$(basename "$f" .mlir)
    # The RUN line's flags, without its pipe and substitutions.
    args=$(echo "$line" | sed -E 's/.*cpu-runner %s//; s/\|.*//; s/--shared-libs=[^ ]*//g; s/%[a-z_]+//g')
    # shellcheck disable=SC2086
    if ! mlir-opt-19 "$f" $PIPELINE > "$dir/$b.mlir" 2>/dev/null; then
        echo "$b: MLIR cannot run it"; unlowered=$((unlowered + 1)); continue
    fi
    # shellcheck disable=SC2086
    want=$(timeout 60 mlir-cpu-runner-19 "$dir/$b.mlir" $args "$LIBS" 2>&1 | sed 's/0x[0-9a-f]*/ADDR/g')
    # What MLIR's pipeline left unconverted (`unrealized_conversion_cast`, a dialect it
    # could not lower) the runner cannot read either.
    if echo "$want" | grep -q "could not parse the input IR\|JIT session error"; then
        echo "$b: MLIR cannot run it"; unlowered=$((unlowered + 1)); continue
    fi
    # shellcheck disable=SC2086
    got=$(timeout 60 "$KILN" cpu-runner "$dir/$b.mlir" $args "$LIBS" 2>&1 | sed 's/0x[0-9a-f]*/ADDR/g')
    if [ "$want" == "$got" ]; then
        echo "$b: same"; same=$((same + 1))
    else
        echo "$b: DIFFERENT [$args]"; diff <(echo "$want") <(echo "$got") | head -6
        different=$((different + 1))
    fi
done
echo "same $same, different $different, not run by MLIR $unlowered"
