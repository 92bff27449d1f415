#!/bin/sh
# Instructions of a one-function edit in a session (issue #14's "objects after an edit"), on a
# noisy machine: for each kiln binary given, `kiln serve` on one thread under callgrind opens
# the module of N functions from scripts/gen_module.py and compiles it to an object (cold),
# then once more with E edits of one function's body, each followed by an object compile.
# Prints the cold compile's instructions, the mean edit's ((second - first) / E) and their
# ratio. The edits alternate `arith.mulf` and `arith.subf`, as scripts/profile-edit.py's do.
# Each edit is a `change` request carrying the whole text, or with REQUEST=edit an `edit`
# request carrying the replaced bytes alone (docs/serve.md).
# usage: [REQUEST=edit] scripts/count-edit.sh N E KILN [KILN...]
#        (needs valgrind; N=2000 E=10 ~2 min each)
set -eu
cd "$(dirname "$0")/.."
N=${1:?usage: scripts/count-edit.sh N E KILN [KILN...]}
E=${2:?usage: scripts/count-edit.sh N E KILN [KILN...]}
shift 2
[ $# -ge 1 ] || { echo "usage: scripts/count-edit.sh N E KILN [KILN...]" >&2; exit 2; }
. scripts/bench-lib.sh
python3 scripts/gen_module.py "$N" > "$dir/m.mlir"
python3 - "$dir" "$E" "${REQUEST:-change}" <<'PY'
import json, sys
d, edits, request = sys.argv[1], int(sys.argv[2]), sys.argv[3]
assert request in ("change", "edit"), "REQUEST is change or edit"
text = open(f"{d}/m.mlir").read()
old = "%t2 = arith.addf %t, %t : f32"
assert old in text, "the generated module no longer has the edited line"
compile = ("compile", {"path": "m.mlir", "emit": "obj", "output_path": f"{d}/out.o"})
def write(name, requests):
    with open(f"{d}/{name}", "w") as out:
        for i, (method, params) in enumerate(requests + [("shutdown", {})]):
            out.write(json.dumps({"id": i + 1, "method": method, "params": params}) + "\n")
cold = [("open", {"path": "m.mlir", "text": text}), compile]
edited = list(cold)
for i in range(edits):
    op = ["arith.mulf", "arith.subf"][i % 2]
    if request == "edit":
        # The operation's name, same length in every variant, in the first function.
        at = len(text[:text.index(old)].encode()) + len("%t2 = ")
        change = ("edit", {"path": "m.mlir", "start": at, "end": at + len(op), "text": op})
    else:
        change = ("change", {"path": "m.mlir", "text": text.replace(old, f"%t2 = {op} %t, %t : f32", 1)})
    edited += [change, compile]
write("cold", cold)
write("edited", edited)
PY
printf '%-40s %16s %14s %8s\n' kiln "cold" "edit (mean)" "edit %"
for kiln in "$@"; do
    c=$(instructions "$dir/cold" "$kiln" serve)
    e=$(instructions "$dir/edited" "$kiln" serve)
    printf '%-40s %16s %14s %8s\n' "$kiln" "$c" "$(( (e - c) / E ))" \
        "$(python3 -c "print(f'{100 * ($e - $c) / $E / $c:.2f}')")"
done
