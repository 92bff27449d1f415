#!/bin/sh
# MLIR 19's own Python tests (mlir/test/python: ir/, the builtin, func, arith, cf and memref
# dialect tests, execution_engine.py) run on kiln, with `mlir` imports answered by `kiln`;
# prints the table of scripts/upstream_python_tests.py.
#
#   scripts/upstream-python-tests.sh [--min-passed N] [--failures] [--only TEXT]
#
# The tests are upstream's code and never part of this repository: they are taken from
# Debian's `llvm-toolchain-19` source (the orig tarball of the version Debian 12 ships,
# checked against the digest its .dsc states) into target/upstream/ on first use.
# Needs the venv of `scripts/kiln-dev.sh` (.venv, kiln built into it) and FileCheck-19.
set -eu
cd "$(dirname "$0")/.."

version=19.1.7
dir=target/upstream/llvm-toolchain-19_$version
tests=$dir/mlir/test/python
if [ ! -d "$tests" ]; then
    mkdir -p target/upstream
    pool=https://deb.debian.org/debian/pool/main/l/llvm-toolchain-19
    dsc=llvm-toolchain-19_$version-3~deb12u1.dsc
    tarball=llvm-toolchain-19_$version.orig.tar.xz
    curl -sSfL -o "target/upstream/$dsc" "$pool/$dsc"
    curl -sSfL -o "target/upstream/$tarball" "$pool/$tarball"
    want=$(awk '/^Checksums-Sha256:/ {s=1; next} /^[A-Z]/ {s=0} s && $3 == "'"$tarball"'" {print $1}' "target/upstream/$dsc")
    got=$(sha256sum "target/upstream/$tarball" | cut -d' ' -f1)
    if [ -z "$want" ] || [ "$want" != "$got" ]; then
        echo "upstream-python-tests: $tarball does not match its .dsc's sha256" >&2
        exit 1
    fi
    tar -xJf "target/upstream/$tarball" -C target/upstream --wildcards '*/mlir/test/python/*'
    rm -f "target/upstream/$tarball"
fi
command -v FileCheck-19 >/dev/null 2>&1 || {
    echo "upstream-python-tests: FileCheck-19 is missing (apt-get install llvm-19-tools)" >&2
    exit 1
}
exec .venv/bin/python scripts/upstream_python_tests.py "$tests" --python .venv/bin/python "$@"
