#!/bin/sh
# The C API's cost against the Rust API's, in the same run: a generated memref module of
# N functions (scripts/gen_memref_module.py) compiled to an object at -O0 in a new session
# (cold), then again after a one-function edit (edit), through libkiln from C
# (capi/bench/compile.c) and through kiln::Session from Rust (examples/compile_session.rs).
# Both use the release profile and the same allocator (the system's: libkiln leaves its
# host's allocator alone, so the Rust side is built without `malloc-override`). Each
# program runs ROUNDS rounds and prints its medians; the two alternate five times.
# usage: scripts/bench-capi.sh [N] [ROUNDS]
set -eu
cd "$(dirname "$0")/.."
N=${1:-2000}
ROUNDS=${2:-5}
export LLVM_SYS_191_PREFIX="${LLVM_SYS_191_PREFIX:-/usr/lib/llvm-19}"
cargo build --release -q -p kiln-capi
cargo build --release -q --no-default-features --example compile_session
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 scripts/gen_memref_module.py "$N" > "$dir/m.mlir"
# The library under its soname, as an install lays it out.
ln -s "$PWD/target/release/libkiln.so" "$dir/libkiln.so.0.1"
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Icapi/include -o "$dir/compile-c" \
    capi/bench/compile.c -Ltarget/release -lkiln -Wl,-rpath,"$dir"
for _ in 1 2 3 4 5; do
    "$dir/compile-c" "$dir/m.mlir" "$ROUNDS"
    target/release/examples/compile_session "$dir/m.mlir" "$ROUNDS"
done | python3 -c '
import sys, statistics
runs = {}
for line in sys.stdin:
    f = line.split()
    runs.setdefault(f[0], []).append((float(f[2]), float(f[4]), f[6]))
for k, v in sorted(runs.items()):
    print(f"{k:5} cold {statistics.median(x[0] for x in v):8.1f} ms   edit {statistics.median(x[1] for x in v):7.1f} ms   object {v[0][2]} bytes")
c, r = runs["c"], runs["rust"]
cold = statistics.median(x[0] for x in c) / statistics.median(x[0] for x in r)
edit = statistics.median(x[1] for x in c) / statistics.median(x[1] for x in r)
print(f"C / Rust: cold {cold:.3f}, edit {edit:.3f}")
'
