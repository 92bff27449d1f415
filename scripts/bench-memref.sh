#!/bin/sh
# Lowering speed on memref-heavy code, kiln vs MLIR 19, in the same run: a module
# of N functions from scripts/gen_memref_module.py (two dynamic 2-d memref parameters, dims,
# loads and stores with dynamic strides, remui index arithmetic, a diamond with block
# arguments, float arithmetic, two results, a call passing both memrefs).
#   kiln lower:  parse + verify + rules on an e-graph + extraction + elaboration + print
#   mlir-opt-19: --expand-strided-metadata --finalize-memref-to-llvm --convert-arith-to-llvm
#                --convert-index-to-llvm --convert-cf-to-llvm --convert-func-to-llvm
#                --reconcile-unrealized-casts (+ print)
# Prints the median wall time of 5 runs of each (in five rounds that run each command once
# in turn), the median CPU time (user + system), the ratios, and kiln on one thread
# (RAYON_NUM_THREADS=1) against mlir-opt with --mlir-disable-threading.
# usage: scripts/bench-memref.sh [N]   (needs a release build: scripts/build-release.sh, or cargo build --release --bin kiln)
set -eu
cd "$(dirname "$0")/.."
N=${1:-2000}
MLIR_OPT=/usr/lib/llvm-19/bin/mlir-opt
. scripts/bench-lib.sh
KILN=${KILN:-$(release_kiln)}
python3 scripts/gen_memref_module.py "$N" > "$dir/big.mlir"
PASSES="--expand-strided-metadata --finalize-memref-to-llvm --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts"
"$KILN" lower "$dir/big.mlir" -o "$dir/out.lowered"
# Five rounds, each running every command once in turn, so that a minute when the host is
# busy slows all of them alike (this host's runs swing by a third); each line of
# $dir/runs is "LABEL wall cpu".
: > "$dir/runs"
timed() {  # appends "LABEL wall cpu" of one run of the command
    label=$1
    shift
    /usr/bin/time -f '%e %U %S' -o "$dir/t" "$@" >/dev/null 2>&1
    python3 -c "w,u,s=open('$dir/t').read().split()[-3:]; print('$label', w, float(u)+float(s))" >> "$dir/runs"
}
for _ in 1 2 3 4 5; do
    timed kiln "$KILN" lower "$dir/big.mlir" -o "$dir/out.lowered"
    # shellcheck disable=SC2086
    timed mlir "$MLIR_OPT" $PASSES "$dir/big.mlir" -o "$dir/out.llvm.mlir"
    timed kiln1 env RAYON_NUM_THREADS=1 "$KILN" lower "$dir/big.mlir" -o "$dir/out.lowered"
    # shellcheck disable=SC2086
    timed mlir1 "$MLIR_OPT" --mlir-disable-threading $PASSES "$dir/big.mlir" -o "$dir/out.llvm.mlir"
    timed check "$KILN" check "$dir/big.mlir"
done
# median wall and CPU seconds of a label's runs, as "wall cpu"
both() {
    python3 -c "
rows=[tuple(map(float,l.split()[1:])) for l in open('$dir/runs') if l.split()[0]=='$1']
w=sorted(r[0] for r in rows)[len(rows)//2]; c=sorted(r[1] for r in rows)[len(rows)//2]
print(w, c)"
}
set -- $(both kiln); kw=$1; kc=$2
set -- $(both mlir); mw=$1; mc=$2
set -- $(both kiln1); k1w=$1
set -- $(both mlir1); m1w=$1
set -- $(both check); cw=$1
printf 'functions: %s, lines: %s\n' "$N" "$(wc -l < "$dir/big.mlir")"
printf '%-52s %8s %8s\n' "" "wall s" "cpu s"
printf '%-52s %8.3f\n' "kiln check (parse + verify)" "$cw"
printf '%-52s %8.3f %8.3f\n' "kiln lower (all threads)" "$kw" "$kc"
printf '%-52s %8.3f %8.3f\n' "mlir-opt-19 conversion (all threads)" "$mw" "$mc"
printf '%-52s %8.3f\n' "kiln lower, 1 thread" "$k1w"
printf '%-52s %8.3f\n' "mlir-opt-19 conversion, --mlir-disable-threading" "$m1w"
python3 -c "print('ratio kiln/mlir-opt: wall %.2f, cpu %.2f, 1 thread %.2f' % ($kw/$mw, $kc/$mc, $k1w/$m1w))"
