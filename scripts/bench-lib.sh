# Shared by the bench-*.sh scripts (sourced, not run): a scratch directory removed on exit,
# and the median wall time of 5 runs of a command.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() {  # median wall seconds of 5 runs of the command
    for _ in 1 2 3 4 5; do
        s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
        python3 -c "print($e - $s)"
    done | sort -n | sed -n 3p
}
