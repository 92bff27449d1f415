#!/bin/sh
# Equivalence campaigns on Ray, against `kiln verify` on one machine, in the same run: N
# cases of the shipped rules from seed 1 through `python -m kiln.cluster verify --address
# local` with 1 and with 2 Ray workers (each worker one CPU, RAYON_NUM_THREADS=1), and
# through `kiln verify` on 1 and 2 threads. Prints each run's summary line (cases/s, and
# the driver's overhead per shard: the campaign's wall time times its workers, less the
# time its shards ran, per shard).
# Builds the Python extension with the release profile into .venv (the test command
# builds it again with the dev profile) and the release `kiln`.
# usage: scripts/bench-cluster.sh [N]   (needs .venv with Ray: scripts/kiln-dev.sh test makes it)
set -eu
cd "$(dirname "$0")/.."
N=${1:-1000}
export LLVM_SYS_191_PREFIX="${LLVM_SYS_191_PREFIX:-/usr/lib/llvm-19}"
cargo build --release -q --bin kiln
(
    cd python
    VIRTUAL_ENV="$PWD/../.venv" PATH="$PWD/../.venv/bin:$PATH" \
        CARGO_TARGET_DIR="$PWD/../target" maturin develop -q --release
)
for round in 1 2; do
    for cpus in 1 2; do
        printf 'ray, %s worker(s), round %s: ' "$cpus" "$round"
        .venv/bin/python -m kiln.cluster verify --address local --cpus "$cpus" \
            --cases "$N" --seed 1 --quiet 2>/dev/null | head -n 1
        printf 'kiln verify, %s thread(s), round %s: ' "$cpus" "$round"
        RAYON_NUM_THREADS=$cpus target/release/kiln verify --quiet --rule-samples 0 \
            --cases "$N" --seed 1
    done
done
