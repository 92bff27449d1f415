#!/usr/bin/env python3
"""Memory of a long `kiln serve` session (issue #7): opens a module of N generated
functions (scripts/gen_module.py) under a new name, compiles it to LLVM IR and closes it,
CYCLES times, printing the server's resident memory after each cycle. A session that frees
what it computed for a closed file stays flat.

usage: scripts/bench-memory.py [N] [CYCLES] [KILN]   (defaults: 2000, 10, target/release/kiln)
"""
import pathlib, subprocess, sys
from serve_client import Serve

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
print(f"| cycle ({n} functions: open, compile, close) | resident memory |")
print("|---:|---:|")
for k in range(cycles):
    ask("open", path=f"m{k}.mlir", text=text)
    ask("compile", path=f"m{k}.mlir", emit="llvm-ir", output_path="/tmp/kiln-bench-memory.ll")
    ask("close", path=f"m{k}.mlir")
    print(f"| {k + 1} | {rss_mib():.0f} MiB |")
server.shutdown()
