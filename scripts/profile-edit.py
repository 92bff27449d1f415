#!/usr/bin/env python3
"""Where an edit's time goes: drives `kiln serve` on a module of N generated functions
(scripts/gen_module.py), compiles it cold, then REPS times edits one function's body
(alternating two edits) and compiles again, printing the median and fastest edit (the
server's own milliseconds), the first edit on its own (the first edit of a function gives
it a body of its own and makes it a new item, engine/src/sources.rs, so it writes no input
of medium durability, which would make every memo be checked once) and the cold compile.
With FIRST=1 each edit is the first of a different function (`%acc2 = arith.addf` made
`arith.mulf` in functions spread over the module), so every edit is such a first edit.
With ADD=1 the edits alternate between adding a function in the middle of the module and
removing it again (`change` requests, or with REQUEST=edit `edit` requests inserting and
deleting its text), and the medians of each are printed, also with the text's request's
time against the cold compile's with the `open` request's (an added function changes the
file's list of functions, which is of low durability and read by no function's memo, so
the other functions' memos are checked at a glance). With MODULE=memref the module is
scripts/gen_memref_module.py's (memref-heavy functions), and the edited line
`%w = arith.addf %v, %v`.
With OPT=N every compile is at -ON (a large optimized object is made in parts,
backend/src/object/thin.rs, and a session makes again only the parts an edit touched), and
the parts each compile made are printed.

With PERF=FILE, `perf record --call-graph dwarf` samples the server during the edits only
and writes FILE; then, for every sample inside `Session::compile`, the share of samples
whose stack holds each of a few stages (a sample counts once per stage, and stages nest, so
the shares do not add up to 100%).

usage: [FIRST=1 | [REQUEST=edit] ADD=1] [MODULE=memref] [OPT=N] [PERF=FILE] scripts/profile-edit.py [N] [KILN] [EMIT] [REPS]
       (defaults: 10000, target/release/kiln, obj, 15; PERF needs Debian's linux-perf)
"""
import os, pathlib, re, signal, subprocess, sys, time
from serve_client import Serve, added_function, with_added_function

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
kiln = sys.argv[2] if len(sys.argv) > 2 else "target/release/kiln"
emit = sys.argv[3] if len(sys.argv) > 3 else "obj"
reps = int(sys.argv[4]) if len(sys.argv) > 4 else 15
perf_file = os.environ.get("PERF")
root = pathlib.Path(__file__).resolve().parent.parent
memref = os.environ.get("MODULE") == "memref"
generator = "scripts/gen_memref_module.py" if memref else "scripts/gen_module.py"
text = subprocess.run([sys.executable, str(root / generator), str(n)],
                      capture_output=True, text=True, check=True).stdout
old = "%w = arith.addf %v, %v : f32" if memref else "%t2 = arith.addf %t, %t : f32"
# The line each first edit changes, one function after another.
marker = "%w = arith.addf" if memref else "%acc2 = arith.addf"
assert old in text, "the generated module no longer has the edited line"
out = "/tmp/kiln-profile-edit.out"
opt = int(os.environ.get("OPT", "0"))

server = Serve(kiln)
_, opened = server.ask("open", path="m.mlir", text=text)
cold_result, cold = server.ask("compile", path="m.mlir", emit=emit, output_path=out, opt=opt)
# How many parts of the optimized object each edit compiled again (with OPT), in order.
recompiled = []
recorder = None
if perf_file:
    recorder = subprocess.Popen(["perf", "record", "-F", "1000", "--call-graph", "dwarf,16384",
                                 "-o", perf_file, "-p", str(server.proc.pid)],
                                stderr=subprocess.DEVNULL)
    time.sleep(1)
times = []
first_only = os.environ.get("FIRST") == "1"


def finish():
    """Stops the recording, if any, then the server."""
    if recorder:
        recorder.send_signal(signal.SIGINT)
        recorder.wait()
    server.shutdown()


if os.environ.get("ADD") == "1":
    # Each edit's time is its compile's, and then with its text's request too (the
    # client's wall time from the request sent to the reply, which reads the request and
    # splits the file), against the cold compile with the `open` request's.
    with_added = with_added_function(text)
    at, added = added_function(text)
    by_edit = os.environ.get("REQUEST") == "edit"
    adds, removes = [], []
    for i in range(reps):
        for current, into in ((with_added, adds), (text, removes)):
            if by_edit:
                adding = current is with_added
                end = at if adding else at + len(added.encode())
                _, sent = server.ask("edit", path="m.mlir", start=at, end=end,
                                     text=added if adding else "")
            else:
                _, sent = server.ask("change", path="m.mlir", text=current)
            _, ms = server.ask("compile", path="m.mlir", emit=emit, output_path=out, opt=opt)
            into.append((ms, ms + sent))
    finish()
    whole = cold + opened
    for name, runs in (("adding a function", adds), ("removing it", removes)):
        ms = sorted(r[0] for r in runs)[len(runs) // 2]
        total = sorted(r[1] for r in runs)[len(runs) // 2]
        print(f"{name}: median {ms:.1f} ms ({100 * ms / cold:.2f}% of the cold compile, "
              f"{cold:.0f} ms); with its request {total:.1f} ms ({100 * total / whole:.2f}% "
              f"of opening and compiling, {whole:.0f} ms)")
    sys.exit(0)
parts = text.split(marker)
edited = set()
for i in range(reps):
    if first_only:
        edited.add((i * (len(parts) - 1)) // reps + (len(parts) - 1) // (2 * reps))
        mulf = marker.replace("addf", "mulf")
        current = parts[0] + "".join((mulf if k in edited else marker)
                                     + p for k, p in enumerate(parts[1:]))
        server.ask("change", path="m.mlir", text=current)
        _, ms = server.ask("compile", path="m.mlir", emit=emit, output_path=out, opt=opt)
        times.append(ms)
        continue
    op = ["arith.mulf", "arith.subf"][i % 2]
    server.ask("change", path="m.mlir", text=text.replace(old, old.replace("arith.addf", op), 1))
    result, ms = server.ask("compile", path="m.mlir", emit=emit, output_path=out, opt=opt)
    times.append(ms)
    recompiled.append(result.get("recompiled_parts", 0))
finish()
first = times[0]
times.sort()
print(f"cold {cold:.0f} ms; edit median {times[len(times) // 2]:.1f} ms, "
      f"fastest {times[0]:.1f} ms ({100 * times[len(times) // 2] / cold:.2f}% of cold); "
      f"first edit {first:.1f} ms ({100 * first / cold:.2f}%)")
if opt > 0:
    print(f"optimized parts compiled: {cold_result.get('recompiled_parts', 0)} cold, "
          f"{recompiled} by the edits")

if perf_file:
    script = subprocess.run(["perf", "script", "-i", perf_file], capture_output=True,
                            text=True).stdout
    stages = ["check_file", "function_texts", "signatures", "verify_function",
              "lowered_item", "maybe_changed_after", "emit_code_cached", "entities",
              "compile_units", "merge_objects", "function_code", "file_symbols_code"]
    samples, inside, count = [], 0, {s: 0 for s in stages}
    for block in script.split("\n\n"):
        frames = [re.sub(r" \(.*\)$", "", l.strip().split(" ", 1)[-1])
                  for l in block.splitlines()[1:] if l.strip()]
        if not any("Session::compile" in f for f in frames):
            continue
        inside += 1
        for s in stages:
            if any(s in f for f in frames):
                count[s] += 1
    print(f"{inside} samples in Session::compile; share holding each stage:")
    for s in stages:
        print(f"  {s:<22} {100 * count[s] / max(inside, 1):5.1f}%")
