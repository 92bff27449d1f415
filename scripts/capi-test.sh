#!/bin/sh
# libkiln as C and C++ hosts use it: builds it with CMake (cargo's dev profile, which the
# test command has already built), installs it into a scratch prefix, checks the layout,
# then builds against the installed tree only:
#   - capi/tests/c/api.c      every function and error path (pkg-config, shared library)
#   - capi/tests/c/threads.c  the thread-safety kiln.h states (shared, then static library)
#   - capi/tests/compat/      the API version 1 host, unchanged, as C99 and as C++17
#   - examples/cpp/           the C++ example host (find_package(kiln)), run, then run
#                             again under valgrind: no leak, no invalid access
# Needs cmake, g++, pkg-config and valgrind (scripts/kiln-dev.sh installs them).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/target/capi"
rm -rf "$work"
mkdir -p "$work/scratch"
export LLVM_SYS_191_PREFIX="${LLVM_SYS_191_PREFIX:-/usr/lib/llvm-19}"

echo "capi: cmake build and install" >&2
cmake -S "$root/capi" -B "$work/build" -DKILN_PROFILE=dev -DCMAKE_INSTALL_LIBDIR=lib >/dev/null
cmake --build "$work/build" >/dev/null
cmake --install "$work/build" --prefix "$work/prefix" >/dev/null
prefix="$work/prefix"
for f in include/kiln/kiln.h lib/libkiln.so lib/libkiln.so.0.1 lib/libkiln.so.0.1.0 \
    lib/libkiln.a lib/pkgconfig/kiln.pc lib/cmake/kiln/kilnConfig.cmake \
    lib/cmake/kiln/kilnConfigVersion.cmake; do
    [ -e "$prefix/$f" ] || { echo "capi: the install lacks $f" >&2; exit 1; }
done
soname=$(readelf -d "$prefix/lib/libkiln.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = libkiln.so.0.1 ] || { echo "capi: soname is '$soname'" >&2; exit 1; }

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cflags=$(pkg-config --cflags kiln)
libs=$(pkg-config --libs kiln)
rpath="-Wl,-rpath,$prefix/lib"
strict="-Wall -Wextra -Werror"

echo "capi: api.c" >&2
# shellcheck disable=SC2086
cc -std=c11 -D_POSIX_C_SOURCE=200809L $strict -o "$work/api" "$root/capi/tests/c/api.c" \
    $cflags $libs $rpath
# A debug build diagnoses each bad handle on standard error, as well as returning its status.
if ! "$work/api" "$root/rules" "$work/scratch" 2>"$work/api.stderr"; then
    cat "$work/api.stderr" >&2
    exit 1
fi
grep -q "kiln: kiln_session_free: the kiln_session handle 0x[0-9a-f]* was freed" "$work/api.stderr" || {
    echo "capi: the debug build did not diagnose a freed handle" >&2
    exit 1
}

echo "capi: threads.c, shared and static" >&2
# shellcheck disable=SC2086
cc -std=c11 -D_POSIX_C_SOURCE=200809L $strict -pthread -o "$work/threads" \
    "$root/capi/tests/c/threads.c" $cflags $libs $rpath
"$work/threads"
# shellcheck disable=SC2086
cc -std=c11 -D_POSIX_C_SOURCE=200809L $strict -pthread -o "$work/threads-static" \
    "$root/capi/tests/c/threads.c" $cflags "$prefix/lib/libkiln.a" \
    $(pkg-config --static --libs kiln | sed 's/-lkiln//')
if ldd "$work/threads-static" | grep -q libkiln; then
    echo "capi: the static build loads libkiln.so" >&2
    exit 1
fi
# On x86-64 Linux libkiln opens LLVM's library on the first call that generates code, so a
# static host does not link it (and one that only checks or lowers never maps it).
if [ "$(uname -m)" = x86_64 ] && ldd "$work/threads-static" | grep -q libLLVM; then
    echo "capi: the static build links libLLVM" >&2
    exit 1
fi
"$work/threads-static"

echo "capi: the API version 1 host" >&2
# shellcheck disable=SC2086
cc -std=c99 -pedantic $strict -o "$work/v1-host" "$root/capi/tests/compat/v1-host.c" \
    $cflags $libs $rpath
"$work/v1-host"
# shellcheck disable=SC2086
c++ -x c++ -std=c++17 $strict -fsyntax-only "$root/capi/tests/compat/v1-host.c" $cflags

echo "capi: examples/cpp with find_package(kiln)" >&2
cmake -S "$root/examples/cpp" -B "$work/host" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/host" >/dev/null
"$work/host/kiln-host" "$root/examples/cpp/kernels.mlir" "$work/scratch/kernels.o"
# Definite and indirect leaks and every invalid access fail. What stays reachable at exit
# (LLVM's and rayon's globals) and the thread-local caches of rayon's threads, which
# still run at exit (valgrind calls them "possibly lost"), are not leaks; the dynamic
# loader's own over-read of the RUNPATH of the LLVM library libkiln opens is suppressed
# (capi/tests/valgrind.supp says why).
valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect --suppressions="$root/capi/tests/valgrind.supp" \
    "$work/host/kiln-host" "$root/examples/cpp/kernels.mlir" >/dev/null
echo "capi: passed" >&2
