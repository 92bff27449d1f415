# Shared by the bench-*.sh and count-*.sh scripts (sourced, not run): a scratch directory
# removed on exit, the median wall time of 5 runs of a command, and a command's instructions.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() {  # median wall seconds of 5 runs of the command
    for _ in 1 2 3 4 5; do
        s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
        python3 -c "print($e - $s)"
    done | sort -n | sed -n 3p
}
# With CALLGRIND_KEEP=DIR, each run's profile is kept as DIR/<input>.<command>.out (the
# command's path with `/` as `_`), for `callgrind_annotate` or scripts/callgrind-diff.py.
instructions() {  # instructions of one run of the command, on one thread; stdin from file $1
    input=$1
    shift
    out=/dev/null
    if [ -n "${CALLGRIND_KEEP:-}" ]; then
        mkdir -p "$CALLGRIND_KEEP"
        out="$CALLGRIND_KEEP/$(basename "$input").$(printf %s "$1" | tr / _).out"
    fi
    # A failed run (or one valgrind did not count) shows its log rather than stopping mute.
    n=
    if RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$@" \
        < "$input" > /dev/null 2> "$dir/callgrind.log"; then
        n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$dir/callgrind.log")
    fi
    [ -n "$n" ] || { cat "$dir/callgrind.log" >&2; exit 1; }
    echo "$n"
}
# The kiln a benchmark measures by default: scripts/build-release.sh's profile-guided build
# (target/pgo/kiln) when it is newer than the plain release build, else target/release/kiln
# (`cargo build --release --bin kiln`). Says which on standard error.
release_kiln() {
    k=./target/release/kiln
    if [ -x ./target/pgo/kiln ] && { [ ! -e "$k" ] || [ ./target/pgo/kiln -nt "$k" ]; }; then
        k=./target/pgo/kiln
    fi
    echo "kiln: $k ($("$k" --version 2>/dev/null || echo 'not built'))" >&2
    echo "$k"
}
# MLIR 19's own lowering, the passes of `PIPELINE` in verify/src/reference.rs (what `kiln run
# --via-mlir` and the lit suite run), one per word; `bare` gives `convert-func-to-llvm` the
# bare-pointer convention. Run from the repository's root.
reference_pipeline() {
    sed -n '/pub const PIPELINE/,/];/p' verify/src/reference.rs | grep -o '"--[^"]*"' | tr -d '"' |
        if [ "${1:-}" = bare ]; then
            sed 's/^--convert-func-to-llvm$/--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1/'
        else
            cat
        fi | tr '\n' ' '
}
