#!/bin/sh
# Runs kiln's behaviour-guided fuzz targets (src/fuzz/mod.rs) for a given time on the stable
# toolchain (scripts/fuzz-cov.sh runs the coverage-guided ones).
# usage: scripts/fuzz.sh TARGET SECONDS [SEED]
#   TARGET: frontend | rules | serve | run-args | lowering | all (splits SECONDS)
# Findings' inputs go to fuzz-findings/; record runs in FUZZING.md.
set -eu
cd "$(dirname "$0")/.."
: "${LLVM_SYS_191_PREFIX:=/usr/lib/llvm-19}"
export LLVM_SYS_191_PREFIX
nice -n 10 cargo build -q --bin kiln --example fuzz
exec target/debug/examples/fuzz "$@"
