#!/usr/bin/env python3
"""kiln's affine maps against MLIR 19's: random maps of `(d0, d1)[s0]`, each read and
printed by kiln (`kiln.ir.Attribute.parse`) and by `mlir-opt-19`; prints how many print
the same, and how many of kiln's simplified maps change a value at random points (always
0: kiln's simplifications are rewrites MLIR also makes, never approximations).

usage: .venv/bin/python scripts/compare-affine-maps.py [SEED] [COUNT]   (defaults 7, 400)
"""

import random
import re
import subprocess
import sys

from kiln import _kiln


def symbolic(rng, depth):
    if depth == 0 or rng.random() < 0.5:
        return rng.choice(["s0", str(rng.randint(-5, 5))])
    return f"({symbolic(rng, depth - 1)} {rng.choice(['+', '-'])} {symbolic(rng, depth - 1)})"


def expression(rng, depth):
    """A random affine expression: products by a constant or a symbol, divisions by a
    positive constant or a symbol, as MLIR's grammar allows."""
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(["d0", "d1", "s0", str(rng.randint(-5, 5))])
    op = rng.choice(["+", "-", "*", "mod", "floordiv", "ceildiv", "neg"])
    a, b = expression(rng, depth - 1), expression(rng, depth - 1)
    if op == "neg":
        return f"-({a})"
    if op == "*":
        b = str(rng.randint(-4, 4)) if rng.random() < 0.7 else symbolic(rng, 1)
    if op in ("mod", "floordiv", "ceildiv"):
        b = str(rng.randint(1, 5)) if rng.random() < 0.8 else "s0"
    return f"({a} {op} {b})"


def value(text, d0, d1, s0):
    """The value of an expression in MLIR's syntax (floor division and modulo as MLIR's)."""
    env = {"d0": d0, "d1": d1, "s0": s0}
    tokens = re.findall(r"\d+|d0|d1|s0|floordiv|ceildiv|mod|[-+*()]", text)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def atom():
        t = take()
        if t == "(":
            v = total()
            take()
            return v
        if t == "-":
            return -atom()
        return env[t] if t in env else int(t)

    def product():
        v = atom()
        while peek() in ("*", "mod", "floordiv", "ceildiv"):
            op, w = take(), atom()
            v = {"*": v * w, "mod": v % w if w else 0, "floordiv": v // w if w else 0,
                 "ceildiv": -((-v) // w) if w else 0}[op]
        return v

    def total():
        v = product()
        while peek() in ("+", "-"):
            op, w = take(), product()
            v = v + w if op == "+" else v - w
        return v

    return total()


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    rng = random.Random(seed)
    maps = [f"affine_map<(d0, d1)[s0] -> ({expression(rng, 3)}, {expression(rng, 2)})>" for _ in range(count)]
    source = "".join(f"module attributes {{x.m = {m}}} {{}}\n// -----\n" for m in maps)
    out = subprocess.run(
        ["mlir-opt-19", "--split-input-file", "--mlir-print-op-generic", "-"],
        input=source, capture_output=True, text=True, check=True,
    )
    same = compared = changed = 0
    for written, chunk in zip(maps, out.stdout.split("// -----")):
        aliases = dict(re.findall(r"(#map\d*) = (affine_map<.*>)", chunk))
        found = re.search(r"x\.m = (#map\d*|affine_map<.*?>)\}", chunk)
        if not found:
            continue
        mlir = aliases.get(found.group(1), found.group(1))
        kiln = str(_kiln.Attr.parse(written))
        compared += 1
        same += mlir == kiln
        before = written[written.index("-> (") + 4 : -2]
        after = kiln[kiln.index("-> (") + 4 : -2]
        for _ in range(5):
            at = [rng.randint(-20, 20) for _ in range(3)]
            if any(value(f"({b})", *at) != value(f"({a})", *at)
                   for b, a in zip(split_results(before), split_results(after))):
                changed += 1
                break
    print(f"{same} of {compared} maps print as mlir-opt-19 prints them; {changed} change a value")
    return 0 if changed == 0 else 1


def split_results(text):
    """The results of a map's `(r0, r1)` body, split at top-level commas."""
    parts, depth, cur = [], 0, ""
    for c in text:
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += c == "("
        depth -= c == ")"
        cur += c
    return parts + [cur]


if __name__ == "__main__":
    sys.exit(main())
