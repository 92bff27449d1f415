#!/bin/sh
# What a cold session compile costs against `kiln compile` (both go through a session's salsa
# queries: `kiln compile`'s one-shot session keeps no lowering, `kiln serve`'s keeps each one). For each kiln binary
# given: `kiln serve` opens the memref module of N functions (scripts/gen_memref_module.py),
# compiles it to an object and shuts down, and `kiln compile` makes the same object; both on
# one thread, counted by callgrind (instructions, so builds compare on a noisy machine), then
# run again without valgrind for their peak resident memory. The two objects must be equal.
# usage: scripts/count-session.sh N KILN [KILN...]   (needs valgrind; N=200 takes ~1 min each)
set -eu
cd "$(dirname "$0")/.."
N=${1:?usage: scripts/count-session.sh N KILN [KILN...]}
shift
[ $# -ge 1 ] || { echo "usage: scripts/count-session.sh N KILN [KILN...]" >&2; exit 2; }
. scripts/bench-lib.sh
python3 scripts/gen_memref_module.py "$N" > "$dir/m.mlir"
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
text = open(f"{d}/m.mlir").read()
with open(f"{d}/requests", "w") as out:
    for i, (method, params) in enumerate([
        ("open", {"path": "m.mlir", "text": text}),
        ("compile", {"path": "m.mlir", "emit": "obj", "output_path": f"{d}/session.o"}),
        ("shutdown", {}),
    ]):
        out.write(json.dumps({"id": i + 1, "method": method, "params": params}) + "\n")
PY
peak() {  # peak resident KiB of one run of the command (all threads); stdin from file $1
    input=$1
    shift
    /usr/bin/time -f %M -o "$dir/t" "$@" < "$input" > /dev/null 2>&1
    tail -1 "$dir/t"
}
printf '%-40s %16s %16s %6s %12s %12s %6s\n' kiln "session instr" "compile instr" ratio \
    "session KiB" "compile KiB" ratio
for kiln in "$@"; do
    s=$(instructions "$dir/requests" "$kiln" serve)
    sm=$(peak "$dir/requests" "$kiln" serve)
    c=$(instructions /dev/null "$kiln" compile "$dir/m.mlir" -o "$dir/compile.o")
    cm=$(peak /dev/null "$kiln" compile "$dir/m.mlir" -o "$dir/compile.o")
    cmp "$dir/session.o" "$dir/compile.o"
    printf '%-40s %16s %16s %6s %12s %12s %6s\n' "$kiln" "$s" "$c" \
        "$(python3 -c "print(f'{$s / $c:.3f}')")" "$sm" "$cm" \
        "$(python3 -c "print(f'{$sm / $cm:.2f}')")"
done
