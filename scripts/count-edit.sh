#!/bin/sh
# Instructions of a one-function edit in a session (an object compiled after an edit), on a
# noisy machine: for each kiln binary given, `kiln serve` on one thread under callgrind opens
# the module of N functions from scripts/gen_module.py and compiles it to an object (cold),
# then once more with E edits of one function's body, each followed by an object compile.
# Prints the cold compile's instructions, the mean edit's ((second - first) / E) and their
# ratio. The edits alternate `arith.mulf` and `arith.subf`, as scripts/profile-edit.py's do.
# Each edit is a `change` request carrying the whole text, or with REQUEST=edit an `edit`
# request carrying the replaced bytes alone (docs/book/src/reference/serve.md). With FIRST=1
# each edit is the first edit of a different function (`%acc2 = arith.addf` of functions
# spread over the module made `arith.mulf`): a first edit gives the function a body of its
# own and makes it a new item (engine/src/sources.rs; it writes no input of medium
# durability, which would make salsa check every memo).
# With ADD=1 the edits alternate between adding a function in the middle of the module and
# removing it again (`change` requests, or with REQUEST=edit `edit` requests inserting and
# deleting its text): an added function changes the file's list of functions (of low
# durability, and read by no function's memo, so the other functions' memos are checked at a
# glance).
# With REMOVE=1 the edits alternate between removing the function in the middle of the
# module, which the next function calls (its compile then fails at that call), and putting
# it back: the caller's record of calls changes (a write of low durability, on a body of the
# caller's own, not on its input, where it would be a write of medium durability).
# With CALLGRIND_KEEP=DIR the profiles stay in DIR (scripts/bench-lib.sh), for
# scripts/callgrind-diff.py DIR/cold.KILN.out DIR/edited.KILN.out E (KILN with `/` as `_`).
# usage: [REQUEST=edit] [FIRST=1 | ADD=1 | REMOVE=1] [CALLGRIND_KEEP=DIR] scripts/count-edit.sh N E KILN [KILN...]
#        (needs valgrind; N=2000 E=10 ~2 min each)
set -eu
cd "$(dirname "$0")/.."
N=${1:?usage: scripts/count-edit.sh N E KILN [KILN...]}
E=${2:?usage: scripts/count-edit.sh N E KILN [KILN...]}
shift 2
[ $# -ge 1 ] || { echo "usage: scripts/count-edit.sh N E KILN [KILN...]" >&2; exit 2; }
. scripts/bench-lib.sh
python3 scripts/gen_module.py "$N" > "$dir/m.mlir"
python3 - "$dir" "$E" "${REQUEST:-change}" "${FIRST:-0}" "${ADD:-0}" "${REMOVE:-0}" <<'PY'
import json, sys
d, edits, request, first = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
add, remove = sys.argv[5] == "1", sys.argv[6] == "1"
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
if first:
    # The byte offset of `addf` in each function's `%acc2 = arith.addf`.
    line = "%acc2 = arith.addf"
    starts, at = [], text.find(line)
    while at >= 0:
        starts.append(len(text[:at].encode()) + len(line) - len("addf"))
        at = text.find(line, at + 1)
    assert len(starts) >= edits, "fewer functions than edits"
    current = text
    for i in range(edits):
        at = starts[(i * len(starts)) // edits + len(starts) // (2 * edits)]
        if request == "edit":
            change = ("edit", {"path": "m.mlir", "start": at, "end": at + 4, "text": "mulf"})
        else:
            b = current.encode()
            current = (b[:at] + b"mulf" + b[at + 4:]).decode()
            change = ("change", {"path": "m.mlir", "text": current})
        edited += [change, compile]
if add:
    sys.path.insert(0, "scripts")
    from serve_client import added_function, with_added_function
    with_added = with_added_function(text)
    at, added = added_function(text)
    for i in range(edits):
        if request == "edit":
            # Inserting the function's text, then deleting it.
            end, inserted = (at, added) if i % 2 == 0 else (at + len(added.encode()), "")
            change = ("edit", {"path": "m.mlir", "start": at, "end": end, "text": inserted})
        else:
            change = ("change", {"path": "m.mlir", "text": with_added if i % 2 == 0 else text})
        edited += [change, compile]
if remove:
    sys.path.insert(0, "scripts")
    from serve_client import removed_function
    start, end = removed_function(text)
    b = text.encode()
    removed = b[start:end].decode()
    without = (b[:start] + b[end:]).decode()
    for i in range(edits):
        if request == "edit":
            change = ("edit", {"path": "m.mlir", "start": start,
                               "end": end if i % 2 == 0 else start,
                               "text": "" if i % 2 == 0 else removed})
        else:
            change = ("change", {"path": "m.mlir", "text": without if i % 2 == 0 else text})
        edited += [change, compile]
for i in range(0 if first or add or remove else edits):
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
