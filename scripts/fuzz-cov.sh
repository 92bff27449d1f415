#!/bin/sh
# Coverage-guided fuzzing with libFuzzer on the stable toolchain.
# usage: scripts/fuzz-cov.sh TARGET SECONDS [-- LIBFUZZER-FLAGS...]
#   TARGET: frontend | rules | serve | run_args | lowering | all (SECONDS each)
# Builds fuzz/ (cargo-fuzz's layout) with the SanitizerCoverage flags cargo-fuzz passes for
# `-s none` (no nightly-only sanitizer), seeds fuzz/corpus/TARGET from corpus/, rules/ and
# tests/ (through `examples/fuzz.rs seeds`), and runs the target. Crashes, hangs and
# out-of-memory inputs go to fuzz-findings/; a fixed one becomes a file under tests/fuzz/.
# Record runs in FUZZING.md.
set -eu
cd "$(dirname "$0")/.."
: "${LLVM_SYS_191_PREFIX:=/usr/lib/llvm-19}"
export LLVM_SYS_191_PREFIX
[ $# -ge 2 ] || { echo "usage: $0 TARGET SECONDS [-- LIBFUZZER-FLAGS...]" >&2; exit 2; }
target=$1
secs=$2
shift 2
[ "${1:-}" = "--" ] && shift
case "$target" in
all) targets="frontend rules serve run_args lowering" ;;
frontend | rules | serve | run_args | lowering) targets=$target ;;
*) echo "unknown target \`$target\` (frontend, rules, serve, run_args, lowering, all)" >&2; exit 2 ;;
esac

# SanitizerCoverage as cargo-fuzz sets it up: 8-bit counters and a PC table for libFuzzer's
# coverage feedback, comparison tracing for its value profile, `cfg(fuzzing)`; overflow
# checks and debug assertions stay on so arithmetic on hostile input panics rather than wraps.
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
export RUSTFLAGS
# An explicit --target keeps RUSTFLAGS off build scripts and proc macros, which run at build
# time without libFuzzer's runtime (cargo-fuzz does the same).
host=$(rustc -vV | sed -n 's/^host: //p')
CARGO_TARGET_DIR="$PWD/fuzz/target" nice -n 10 cargo build -q --release \
    --manifest-path fuzz/Cargo.toml --bins --target "$host"
unset RUSTFLAGS
nice -n 10 cargo build -q --example fuzz

mkdir -p fuzz-findings
logs=$(mktemp -d)
status=0
failed=""
for t in $targets; do
    mkdir -p "fuzz/corpus/$t"
    target/debug/examples/fuzz seeds "$t" "fuzz/corpus/$t"
    echo "== $t: $secs s" >&2
    # -timeout: one input over 60 s is a hang; -rss_limit_mb: over 4 GiB is a finding.
    if ! "fuzz/target/$host/release/$t" "fuzz/corpus/$t" -max_total_time="$secs" -timeout=60 \
        -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="fuzz-findings/$t-" "$@" \
        2>"$logs/$t.log"; then
        status=1
        failed="$failed $t"
    fi
    cat "$logs/$t.log" >&2
done
# A finding is restated last, where a log's tail shows it: the target, libFuzzer's report
# and the input, so a run elsewhere can be reproduced without its files.
for t in $failed; do
    echo "== finding in $t:" >&2
    grep -E -A12 "ERROR|panicked|deadly|Timeout|out-of-memory|Test unit written" "$logs/$t.log" \
        | head -60 >&2 || true
    for f in fuzz-findings/"$t"-*; do
        [ -f "$f" ] || continue
        echo "-- $f ($(wc -c <"$f") bytes), base64:" >&2
        head -c 4096 "$f" | base64 >&2
    done
done
rm -rf "$logs"
exit $status
