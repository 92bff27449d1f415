#!/bin/sh
# Where `kiln lower` spends its instructions on the memref module (scripts/gen_memref_module.py
# N), one thread, under callgrind: the inclusive share of each stage (as callgrind_annotate
# --inclusive=yes reports it; a recursive function's share may count its recursion twice).
# BENCHMARKS.md's profile tables come from this.
# usage: scripts/profile-lower.sh N [KILN]   (needs valgrind; N=200 takes ~20 s)
set -eu
cd "$(dirname "$0")/.."
N=${1:?usage: scripts/profile-lower.sh N [KILN]}
KILN=${2:-./target/release/kiln}
. scripts/bench-lib.sh
python3 scripts/gen_memref_module.py "$N" > "$dir/m.mlir"
RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" \
    "$KILN" lower "$dir/m.mlir" -o /dev/null 2> "$dir/log" || { cat "$dir/log" >&2; exit 1; }
callgrind_annotate --inclusive=yes "$dir/cg.out" 2>/dev/null > "$dir/annotated"
for f in 'PROGRAM TOTALS' 'saturate::Loop::step ' 'saturate::Loop::search_into ' \
    'apply::RuleApplier::apply_direct ' 'EGraph<L,N>::rebuild ' 'saturate::Loop::canonicalize ' \
    'query::check::check_file ' 'encode::encode_variant ' 'extract::Extraction::new ' \
    'elaborate::elaborate ' 'cmd::load_rules '; do
    line=$(grep -F "$f" "$dir/annotated" | head -1)
    [ -n "$line" ] || continue
    echo "$line" | sed -e 's/ *\[.*$//' -e 's/???://' -e 's/^ *//'
done
