#!/bin/sh
# One large function (10^5 blocks, 10^6 operations in one block), at a size and
# ten times that size: `kiln lower`'s wall time (on every core, and on one thread) and
# `mlir-opt-19`'s conversion of the same function, each the median of ROUNDS runs (default
# 5) taken in turn, so that a busy minute slows all three alike; the median peak resident
# memory of kiln (every core) and of mlir-opt; then kiln's instructions on one thread under
# callgrind at a smaller size and ten times it (work, which the machine's caches do not
# bend), less those of lowering a one-function file (loading the rules and LLVM: the same at
# every size). A function whose cost is linear in its size shows ratios near 10. Both
# instruction sizes keep the e-graph above 16,384 classes, where the saturation loop works
# as on a large e-graph (`engine/src/egraph/large.rs`, `LARGE_FROM`: no record of what a
# pass left, fewer failures remembered): 2,500 and 25,000 blocks, 20,000 and 200,000
# operations. They are not a tenth of the timed sizes: the smaller one (1,000 blocks, 10,000
# operations) would be below that threshold, and the large mode's ~18% more instructions per
# operation would then show in the ratio.
#   blocks: scripts/gen_module.py N --blocks  (N blocks, each adding to a block argument)
#   chain:  scripts/gen_module.py N --chain   (N dependent arith.muli in one block)
# BLOCKS="SMALL LARGE" and CHAIN="SMALL LARGE" change the timed sizes (default "10000
# 100000" and "100000 1000000"): on a host whose last-level cache holds the smaller
# function's e-graph and not the larger's (300 MiB here; 10^4 blocks peak at 136 MiB,
# 10^5 at 690), the default ratio adds that one step of the memory hierarchy to the
# growth, so `BLOCKS="100000 400000" CHAIN="1000000 4000000"` times sizes both past it
# (their ratio row is then to be read against 4). COUNT=0 skips the instruction counts.
# usage: [ROUNDS=5] [BLOCKS=..] [CHAIN=..] [COUNT=0] scripts/bench-large.sh [KILN]
#   (needs valgrind; about 20 minutes with the default sizes)
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5}
BLOCKS=${BLOCKS:-10000 100000}
CHAIN=${CHAIN:-100000 1000000}
COUNT=${COUNT:-1}
. scripts/bench-lib.sh
KILN=${1:-$(release_kiln)}
PASSES="--convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts"
run() {  # appends "LABEL wall-seconds peak-KiB" of one run to $dir/runs
    label=$1
    shift
    /usr/bin/time -f "$label %e %M" -o "$dir/t" "$@" > /dev/null 2> "$dir/log" \
        || { cat "$dir/log" >&2; exit 1; }
    cat "$dir/t" >> "$dir/runs"
}
printf 'func.func @f() {\n  func.return\n}\n' > "$dir/one.mlir"
base=$(instructions /dev/null "$KILN" lower "$dir/one.mlir" -o /dev/null)
echo "Medians of $ROUNDS runs; kiln's peak is on every core."
echo
echo "| function | size | kiln lower, s | kiln, 1 thread, s | mlir-opt-19, s | kiln peak, MiB | mlir-opt-19 peak, MiB | kiln instructions (at the size in brackets), less $base |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for shape in blocks chain; do
    if [ "$shape" = blocks ]; then sizes=$BLOCKS; isize=2500; else sizes=$CHAIN; isize=20000; fi
    small=${sizes% *}
    large=${sizes#* }
    for n in $small $large; do
        python3 scripts/gen_module.py "$n" --"$shape" > "$dir/$shape$n.mlir"
    done
    : > "$dir/runs"
    i=0
    while [ "$i" -lt "$ROUNDS" ]; do
        for n in $small $large; do
            f="$dir/$shape$n.mlir"
            run "k$n" "$KILN" lower "$f" -o /dev/null
            RAYON_NUM_THREADS=1 run "k1$n" "$KILN" lower "$f" -o /dev/null
            run "m$n" mlir-opt-19 $PASSES "$f" -o /dev/null
        done
        i=$((i + 1))
    done
    i1=0
    i2=0
    if [ "$COUNT" != 0 ]; then
        for n in $isize $((isize * 10)); do
            python3 scripts/gen_module.py "$n" --"$shape" > "$dir/$shape$n.mlir"
        done
        i1=$(( $(instructions /dev/null "$KILN" lower "$dir/$shape$isize.mlir" -o /dev/null) - base ))
        i2=$(( $(instructions /dev/null "$KILN" lower "$dir/$shape$((isize * 10)).mlir" -o /dev/null) - base ))
    fi
    # The three rows of the table: medians of each label's wall times (s) and peaks (MiB).
    python3 - "$dir/runs" "$shape" "$small" "$large" "$i1" "$i2" "$isize" <<'PY'
import statistics, sys
path, shape, small, large, i1, i2, isize = sys.argv[1:]
runs = [l.split() for l in open(path)]
def med(label, field):
    return statistics.median(float(r[field]) for r in runs if r[0] == label)
cols = {n: [med(f"k{n}", 1), med(f"k1{n}", 1), med(f"m{n}", 1),
            med(f"k{n}", 2) / 1024, med(f"m{n}", 2) / 1024] for n in (small, large)}
for n, i, at in ((small, i1, int(isize)), (large, i2, int(isize) * 10)):
    k, k1, m, pk, pm = cols[n]
    counted = f"{i} ({at})" if int(i) > 0 else "—"
    print(f"| {shape} | {n} | {k:.2f} | {k1:.2f} | {m:.2f} | {pk:.0f} | {pm:.0f} | {counted} |")
ratios = " | ".join(f"{b / a:.1f}" for a, b in zip(cols[small], cols[large]))
counted = f"{int(i2) / int(i1):.1f}" if int(i1) > 0 else "—"
print(f"| {shape} | ratio (sizes ×{int(large) / int(small):g}) | {ratios} | {counted} |")
PY
done
