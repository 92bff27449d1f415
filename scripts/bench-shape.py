#!/usr/bin/env python3
"""How one function's lowering grows with its parameter count and its memrefs' rank.

For each size it writes a one-function module, lowers it with `kiln lower --stats` and
prints the `lower` phase's passes, e-nodes and time (the median of RUNS runs; `limit` when the
phase stops at a limit):
  params P: `@f` takes P `memref<?x?xf32>` parameters and two indices, and adds the indices;
  rank R:   `@f` takes one `memref<?x...x?xf32>` of rank R and loads one element.
then, under callgrind when valgrind is installed (COUNT=0 skips it), the instructions of
lowering the same 768 parameters split into functions of P parameters each.
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
                             capture_output=True, text=True).stderr
        m = re.search(r"@f phase lower: (\d+) iterations, (\d+) nodes, .*?([\d.]+) ms", out)
        if m is None or "did not saturate" in out:
            os.unlink(f.name)
            return "limit", 0, 0.0
        passes, nodes = int(m.group(1)), int(m.group(2))
        ms.append(float(m.group(3)))
    os.unlink(f.name)
    return passes, nodes, sorted(ms)[len(ms) // 2]


print(f"{'shape':<12} {'passes':>6} {'e-nodes':>8} {'lower ms':>9} {'ms per e-node (us)':>19}")
for p in [1, 2, 4, 8, 16, 24, 32, 48, 96, 192]:
    n, k, t = measure(params(p))
    print(f"params {p:<5} {n:>6} {k:>8} {t:>9.3f} {1000 * t / max(k, 1):>19.2f}")
for r in [1, 2, 3, 4, 6, 8]:
    n, k, t = measure(rank(r))
    print(f"rank {r:<7} {n:>6} {k:>8} {t:>9.3f} {1000 * t / max(k, 1):>19.2f}")

# Linearity, counted rather than timed (the machine's noise is larger than the effect): the
# same 768 `memref<?x?xf32>` parameters split into functions of P parameters each, lowered on
# one thread under callgrind. Linear cost in P gives the same instruction count in every row.
if os.environ.get("COUNT", "1") != "0" and subprocess.run(
        ["sh", "-c", "command -v valgrind"], capture_output=True).returncode == 0:
    print(f"\n{'params per function':<20} {'functions':>9} {'instructions':>14}")
    for p in [24, 48, 96, 192, 384]:
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write("".join(params(p).replace("@f(", f"@f{j}(") for j in range(768 // p)))
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", KILN, "lower",
             f.name, "-o", os.devnull], capture_output=True, text=True,
            env=dict(os.environ, RAYON_NUM_THREADS="1")).stderr
        os.unlink(f.name)
        m = re.search(r"Collected : (\d+)", out)
        print(f"{p:<20} {768 // p:>9} {int(m.group(1)) if m else 'failed':>14}")
