#!/bin/sh
# Instructions, not seconds: `kiln lower` of the memref module (scripts/gen_memref_module.py N)
# on one thread under callgrind, for each kiln binary given, so that two builds compare on a
# noisy machine (timings here vary by ±30%; counts by up to 0.3%, from hash seeds). Prints one line per
# binary: its instruction count and its ratio to the first binary's.
# usage: scripts/count-lower.sh N KILN [KILN...]   (needs valgrind; N=200 takes ~15 s each)
set -eu
cd "$(dirname "$0")/.."
N=${1:?usage: scripts/count-lower.sh N KILN [KILN...]}
shift
[ $# -ge 1 ] || { echo "usage: scripts/count-lower.sh N KILN [KILN...]" >&2; exit 2; }
. scripts/bench-lib.sh
python3 scripts/gen_memref_module.py "$N" > "$dir/m.mlir"
first=
for kiln in "$@"; do
    n=$(instructions /dev/null "$kiln" lower "$dir/m.mlir" -o /dev/null)
    [ -n "$first" ] || first=$n
    python3 -c "print(f'{\"$kiln\":<50} {$n:>15,} {$n / $first:.4f}')"
done
