#!/usr/bin/env python3
"""Memory of a long `kiln serve` session: opens a module of N generated
functions (scripts/gen_module.py) under a new name, compiles it to LLVM IR and closes it,
CYCLES times, printing the server's resident memory after each cycle. A session that frees
what it computed for a closed file stays flat.

With ADD=1 the module stays open, and each cycle adds a function to its middle and removes
it again, 50 times (`edit` requests, each followed by a compile to an object): each added
function gets an input of its own, and the inputs of removed ones keep their text until the
retired texts add up to 1 MiB (engine/src/sources.rs), so memory should stay flat but for
the inputs themselves.

usage: [ADD=1] scripts/bench-memory.py [N] [CYCLES] [KILN]   (defaults: 2000, 10, target/release/kiln)
"""
import os, pathlib, subprocess, sys
from serve_client import Serve, added_function

n = sys.argv[1] if len(sys.argv) > 1 else "2000"
cycles = int(sys.argv[2]) if len(sys.argv) > 2 else 10
kiln = sys.argv[3] if len(sys.argv) > 3 else "target/release/kiln"
root = pathlib.Path(__file__).resolve().parent.parent
text = subprocess.run([sys.executable, str(root / "scripts/gen_module.py"), n],
                      capture_output=True, text=True, check=True).stdout
server = Serve(kiln)
ask = server.ask

def rss_mib():
    for line in open(f"/proc/{server.proc.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
if os.environ.get("ADD") == "1":
    at, added = added_function(text)
    ask("open", path="m.mlir", text=text)
    ask("compile", path="m.mlir", emit="obj", output_path="/tmp/kiln-bench-memory.o")
    print(f"| cycle ({n} functions: 50 times a function added and removed) | resident memory |")
    print("|---:|---:|")
    print(f"| 0 | {rss_mib():.0f} MiB |")
    for k in range(cycles):
        for _ in range(50):
            for end, inserted in ((at, added), (at + len(added.encode()), "")):
                ask("edit", path="m.mlir", start=at, end=end, text=inserted)
                ask("compile", path="m.mlir", emit="obj", output_path="/tmp/kiln-bench-memory.o")
        print(f"| {k + 1} | {rss_mib():.0f} MiB |")
    server.shutdown()
    sys.exit(0)
print(f"| cycle ({n} functions: open, compile, close) | resident memory |")
print("|---:|---:|")
for k in range(cycles):
    ask("open", path=f"m{k}.mlir", text=text)
    ask("compile", path=f"m{k}.mlir", emit="llvm-ir", output_path="/tmp/kiln-bench-memory.ll")
    ask("close", path=f"m{k}.mlir")
    print(f"| {k + 1} | {rss_mib():.0f} MiB |")
server.shutdown()
