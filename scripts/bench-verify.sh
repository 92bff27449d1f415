#!/bin/sh
# `kiln verify` throughput, builds compared in turn on a noisy machine: each build runs
# `kiln verify --cases CASES --seed 50000 --quiet --rule-samples 0` (the cases alone; the
# rule-by-rule check before them is a fixed ~0.2 s), ROUNDS times, alternated so that a busy
# minute slows every build alike, on all cores (THREADS=N for N). Prints, per build, the
# median cases/s kiln reports, the median CPU time (user + system), and every run's cases/s.
# The benchmark history's verify figures, from "`kiln verify` — one LLVM engine per group of cases"
# on, come from this.
# usage: [THREADS=N] [CASES=300] scripts/bench-verify.sh ROUNDS KILN [KILN...]
#   e.g. scripts/bench-verify.sh 5 /tmp/kiln-before ./target/pgo/kiln
set -eu
[ $# -ge 2 ] || { echo "usage: scripts/bench-verify.sh ROUNDS KILN [KILN...]" >&2; exit 2; }
rounds=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
i=0
while [ "$i" -lt "$rounds" ]; do
    for kiln in "$@"; do
        if [ -n "${THREADS:-}" ]; then export RAYON_NUM_THREADS="$THREADS"; fi
        /usr/bin/time -f "%U %S" -o "$dir/t" "$kiln" verify --cases "${CASES:-300}" \
            --seed 50000 --quiet --rule-samples 0 > "$dir/out" 2> "$dir/log" \
            || { cat "$dir/out" "$dir/log" >&2; exit 1; }
        rate=$(sed -n 's/.*, \([0-9.]*\) cases\/s/\1/p' "$dir/out")
        echo "$kiln $rate $(cat "$dir/t")" >> "$dir/all"
    done
    i=$((i + 1))
done
python3 - "$dir/all" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    kiln, rate, user, system = line.split()
    runs[kiln].append((float(rate), float(user) + float(system)))
for kiln, rows in runs.items():
    rate = statistics.median(r[0] for r in rows)
    cpu = statistics.median(r[1] for r in rows)
    print(f"{kiln:40} {rate:.1f} cases/s  cpu {cpu:.2f} s  runs {[r[0] for r in rows]}")
PY
