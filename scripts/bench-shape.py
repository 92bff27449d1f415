#!/usr/bin/env python3
"""How one function's lowering grows with its parameter count and its memrefs' rank (#14).

For each size it writes a one-function module, lowers it with `kiln lower --stats` and
prints the `lower` phase's passes, e-nodes and time (the mean of RUNS runs):
  params P: `@f` takes P `memref<?x?xf32>` parameters and two indices, and adds the indices;
  rank R:   `@f` takes one `memref<?x...x?xf32>` of rank R and loads one element.
usage: scripts/bench-shape.py [KILN]   (default ./target/release/kiln; RUNS=5 by default)
"""
import os, re, subprocess, sys, tempfile

KILN = sys.argv[1] if len(sys.argv) > 1 else "./target/release/kiln"
RUNS = int(os.environ.get("RUNS", "5"))


def params(p):
    ms = ", ".join(f"%m{i}: memref<?x?xf32>" for i in range(p))
    return (f"func.func @f({ms}, %a: index, %b: index) -> index {{\n"
            f"  %c = arith.addi %a, %b : index\n  func.return %c : index\n}}\n")


def rank(r):
    shape = "x".join("?" * r)
    idx = ", ".join(f"%i{k}" for k in range(r))
    args = ", ".join(f"%i{k}: index" for k in range(r))
    return (f"func.func @f(%m: memref<{shape}xf32>, {args}) -> f32 {{\n"
            f"  %v = memref.load %m[{idx}] : memref<{shape}xf32>\n  func.return %v : f32\n}}\n")


def measure(text):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    passes = nodes = 0
    ms = []
    for _ in range(RUNS):
        out = subprocess.run([KILN, "lower", f.name, "--stats", "-o", os.devnull],
                             capture_output=True, text=True, check=True).stderr
        m = re.search(r"@f phase lower: (\d+) iterations, (\d+) nodes, .*?([\d.]+) ms", out)
        passes, nodes = int(m.group(1)), int(m.group(2))
        ms.append(float(m.group(3)))
    os.unlink(f.name)
    return passes, nodes, sorted(ms)[len(ms) // 2]


print(f"{'shape':<12} {'passes':>6} {'e-nodes':>8} {'lower ms':>9} {'ms per e-node (us)':>19}")
for p in [1, 2, 4, 8, 16, 24, 32, 48]:
    n, k, t = measure(params(p))
    print(f"params {p:<5} {n:>6} {k:>8} {t:>9.3f} {1000 * t / k:>19.2f}")
for r in [1, 2, 3, 4, 6, 8]:
    n, k, t = measure(rank(r))
    print(f"rank {r:<7} {n:>6} {k:>8} {t:>9.3f} {1000 * t / k:>19.2f}")
