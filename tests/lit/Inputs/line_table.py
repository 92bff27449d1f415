#!/usr/bin/env python3
"""Prints the line table of an LLVM IR file: one `FUNCTION LINE:COLUMN` per distinct place
an instruction of a defined function is at (its `!dbg` location), sorted. Places on the
function's own line (what its signature's conversion makes) and line 0 (no line) are left
out, so that kiln's table and MLIR 19's can be compared as sets."""
import re
import sys

text = open(sys.argv[1]).read()
nodes = dict(re.findall(r"^!(\d+) = (.*)$", text, re.M))


def field(node, name):
    m = re.search(name + r": (!?\d+|\"[^\"]*\")", node)
    return m.group(1) if m else None


places = set()
function = None
for line in text.splitlines():
    head = re.match(r"define .*@([\w.$]+)\(.*!dbg !(\d+)", line)
    if head:
        function = (head.group(1), int(field(nodes[head.group(2)], "line")))
        continue
    if line == "}":
        function = None
        continue
    at = re.search(r"!dbg !(\d+)", line)
    if function and at:
        loc = nodes[at.group(1)]
        l, c = int(field(loc, "line")), int(field(loc, "column") or 0)
        if l not in (0, function[1]):
            places.add((function[0], l, c))
for f, l, c in sorted(places):
    print(f"{f} {l}:{c}")
