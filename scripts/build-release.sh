#!/bin/sh
# The release kiln that BENCHMARKS.md measures: the release profile (fat LTO, one codegen
# unit) optimised with a profile of kiln's own work (profile-guided optimisation, PGO).
#   1. build kiln instrumented (-Cprofile-generate),
#   2. run it on a training set: every file of corpus/ (check, lower, lower with C
#      wrappers, compile to an object), a generated scalar module of 300 functions, the
#      shipped rules' inline tests and 40 equivalence cases. The benchmarks' memref module
#      (scripts/gen_memref_module.py) is deliberately not in it;
#   3. merge the profile with the toolchain's llvm-profdata (rustup's `llvm-tools`
#      component, added when missing) and build kiln again with it (-Cprofile-use).
# The result is target/pgo/kiln; `kiln --version` says "profile-guided". Both builds use
# `--target <host>`, so the flags stay off build scripts and proc macros, and the plain
# `cargo build --release` (target/release/kiln) stays as it was. Six to eight minutes
# from scratch on two cores.
# usage: scripts/build-release.sh   (needs LLVM 19, which `scripts/kiln-dev.sh example` installs)
set -eu
cd "$(dirname "$0")/.."
export LLVM_SYS_191_PREFIX=${LLVM_SYS_191_PREFIX:-/usr/lib/llvm-19}
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    rustup component add llvm-tools
fi
[ -x "$profdata" ] || { echo "build-release: no llvm-profdata at $profdata" >&2; exit 1; }
out=$PWD/target/pgo
data=$out/data
rm -rf "$data"
mkdir -p "$data"

echo "== 1/3 instrumented build" >&2
RUSTFLAGS="-Cprofile-generate=$data -Cllvm-args=-vp-counters-per-site=8" cargo build --release --bin kiln --target "$host"
kiln=target/$host/release/kiln

echo "== 2/3 training" >&2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for f in corpus/*.mlir corpus/legacy/*.mlir; do
    # Some corpus files are meant to stop at a diagnostic (a function no rule lowers, a
    # signature the C interface refuses): their failures are part of the training too.
    "$kiln" check "$f" > /dev/null 2>&1 || true
    "$kiln" lower "$f" -o /dev/null 2>/dev/null || true
    "$kiln" lower --emit-c-interface "$f" -o /dev/null 2>/dev/null || true
    "$kiln" compile "$f" -o "$scratch/out.o" 2>/dev/null || true
done
python3 scripts/gen_module.py 300 > "$scratch/scalar.mlir"
"$kiln" lower "$scratch/scalar.mlir" -o /dev/null
"$kiln" rules test > /dev/null
"$kiln" verify --cases 40 --quiet > /dev/null
"$profdata" merge -o "$out/kiln.profdata" "$data"

echo "== 3/3 optimised build" >&2
RUSTFLAGS="-Cprofile-use=$out/kiln.profdata" KILN_BUILD_PGO=1 \
    cargo build --release --bin kiln --target "$host"
cp "$kiln" "$out/kiln"
"$out/kiln" --version
echo "built $out/kiln" >&2
