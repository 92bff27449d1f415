#!/bin/sh
# Two or more kiln builds compared on one input, on a noisy machine: `kiln lower FILE -o
# /dev/null` run by each build in turn, ROUNDS times (alternated, so that a busy minute
# slows every build alike), on one thread (RAYON_NUM_THREADS=1; THREADS=N for N). Prints,
# per build, the median wall time, the median CPU time (user + system) and the median peak resident memory,
# then every wall time. the benchmark history's "alternated pairs" come from this.
# usage: [THREADS=N] scripts/bench-pairs.sh ROUNDS FILE KILN KILN [KILN...]
#   e.g. python3 scripts/gen_module.py 100000 --blocks > /tmp/b.mlir
#        scripts/bench-pairs.sh 5 /tmp/b.mlir /tmp/kiln-before ./target/release/kiln
set -eu
[ $# -ge 4 ] || { echo "usage: scripts/bench-pairs.sh ROUNDS FILE KILN KILN [KILN...]" >&2; exit 2; }
rounds=$1
file=$2
shift 2
[ -f "$file" ] || { echo "bench-pairs: no such file: $file" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
i=0
while [ "$i" -lt "$rounds" ]; do
    for kiln in "$@"; do
        RAYON_NUM_THREADS=${THREADS:-1} /usr/bin/time -f "$kiln %e %U %S %M" -o "$dir/t" \
            "$kiln" lower "$file" -o /dev/null > /dev/null 2> "$dir/log" \
            || { cat "$dir/log" >&2; exit 1; }
        cat "$dir/t" >> "$dir/all"
    done
    i=$((i + 1))
done
python3 - "$dir/all" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    kiln, wall, user, system, rss = line.split()
    runs[kiln].append((float(wall), float(user) + float(system), int(rss)))
for kiln, rows in runs.items():
    wall = statistics.median(r[0] for r in rows)
    cpu = statistics.median(r[1] for r in rows)
    rss = statistics.median(r[2] for r in rows) / 1024
    print(f"{kiln:40} wall {wall:.2f} s  cpu {cpu:.2f} s  peak {rss:.0f} MiB  walls {[r[0] for r in rows]}")
PY
