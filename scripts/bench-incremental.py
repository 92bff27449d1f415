#!/usr/bin/env python3
"""Incremental compilation benchmark: drives `kiln serve` on a module of N
generated functions (scripts/gen_module.py) and reports, for `emit=lowered` (the
incremental part: parse, verify, lower), `emit=llvm-ir` (plus per-function LLVM IR, linked)
and `emit=obj` (at -O0: the object is made of units of about 16 functions, and only the
units an edit touched are compiled again, then the unit objects are joined):
the server-side time of a cold compile and of edits: one function's body; a comment and
spaces inside one function; a rule renamed in c_interface.rules (which no function here
uses); a comment line on top of linearize.rules (moving every rule all functions use); the
rule for stores in linearize.rules renamed (used by every function that stores).

usage: scripts/bench-incremental.py [N] [KILN]   (defaults: 10000, target/release/kiln)
"""
import pathlib, subprocess, sys
from serve_client import Serve

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
kiln = sys.argv[2] if len(sys.argv) > 2 else "target/release/kiln"
root = pathlib.Path(__file__).resolve().parent.parent
text = subprocess.run([sys.executable, str(root / "scripts/gen_module.py"), str(n)],
                      capture_output=True, text=True, check=True).stdout
rules = sorted((root / "rules").glob("*.rules"))
files = [{"path": str(p), "text": p.read_text()} for p in rules]

server = Serve(kiln)
ask = server.ask

def edited_rules(name, old, new):
    out = []
    for f in files:
        t = f["text"]
        if f["path"].endswith(name):
            assert old in t, (name, old)
            t = t.replace(old, new, 1)
        out.append({"path": f["path"], "text": t})
    return out

ask("set_rules", files=files)
out = "/tmp/kiln-bench-incremental.out"
rows = []
REPEAT = 5
def median(xs):
    return sorted(xs)[len(xs) // 2]
def measured(emit, what, edits):
    """Applies each edit in turn (each a real change from the one before) and compiles after
    each; the row is the median wall time, with the last compile's counts."""
    walls = []
    for edit in edits:
        edit()
        r, wall = ask("compile", path="m.mlir", emit=emit, output_path=out)
        walls.append(wall)
    rows.append((emit, what, r["relowered"], r.get("regenerated", 0),
                 r.get("recompiled_units", 0), median(walls)))

def alternate(*edits):
    return [edits[i % len(edits)] for i in range(REPEAT)]

def body(op):
    return lambda: ask("change", path="m.mlir",
                       text=text.replace("%t2 = arith.addf %t, %t : f32", f"%t2 = {op} %t, %t : f32", 1))

def spaced(comment):
    return lambda: ask("change", path="m.mlir", text=text.replace(
        "%t2 = arith.addf %t, %t : f32", f"// {comment}\n    %t2 = arith.addf  %t, %t : f32", 1))

def rules_with(name, old, new):
    return lambda: ask("set_rules", files=edited_rules(name, old, new))

def moved(lines):
    return lambda: ask("set_rules", files=[
        dict(f, text=lines + f["text"]) if f["path"].endswith("linearize.rules") else f for f in files])

for emit in ["lowered", "llvm-ir", "obj"]:
    ask("open", path="m.mlir", text=text)
    ask("set_rules", files=files)
    # Cold: a fresh file name, so nothing is reused.
    ask("open", path=f"cold-{emit}.mlir", text=text)
    r, cold = ask("compile", path=f"cold-{emit}.mlir", emit=emit, output_path=out)
    rows.append((emit, "cold compile", r["relowered"], r.get("regenerated", 0),
                 r.get("recompiled_units", 0), cold))
    ask("close", path=f"cold-{emit}.mlir")
    ask("compile", path="m.mlir", emit=emit, output_path=out)
    measured(emit, "one function body edited", alternate(body("arith.mulf"), body("arith.subf")))
    def reset():
        ask("change", path="m.mlir", text=text)
        ask("set_rules", files=files)
        ask("compile", path="m.mlir", emit=emit, output_path=out)
    reset()
    measured(emit, "a comment and spaces inside one function", alternate(spaced("a"), spaced("b")))
    reset()
    measured(emit, "c_interface.rules: a rule renamed (no function uses it)", alternate(
        rules_with("c_interface.rules", "rule ciface-sig-packed:", "rule ciface-sig-two-or-more:"),
        rules_with("c_interface.rules", "rule ciface-sig-packed:", "rule ciface-sig-several:")))
    reset()
    measured(emit, "linearize.rules: a comment line on top (moves every rule all functions use)",
             alternate(moved(";; moved\n"), moved(";; moved\n;; twice\n")))
    reset()
    measured(emit, "linearize.rules: the rule for stores renamed",
             [rules_with("linearize.rules", "rule store:", "rule store-element:")])
    ask("set_rules", files=files)
server.shutdown()
print(f"| emit | edit ({n} functions) | lowered again | code generated again | units compiled again | ms | vs cold |")
print("|---|---|---:|---:|---:|---:|---:|")
cold = {}
for emit, what, rel, regen, units, ms in rows:
    if what == "cold compile":
        cold[emit] = ms
    print(f"| {emit} | {what} | {rel} | {regen} | {units} | {ms:.0f} | {ms / cold[emit] * 100:.2f}% |")
