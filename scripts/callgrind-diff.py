#!/usr/bin/env python3
"""Where the instructions of one run beyond another's went, by function: for two callgrind
profiles (such as the cold compile and the edits of scripts/count-edit.sh with
CALLGRIND_KEEP=DIR), each function's instructions in B less those in A, divided by E (the
number of edits), largest first. Inclusive by default (a function with its callees); `no`
for self instructions. Needs valgrind's callgrind_annotate.

usage: scripts/callgrind-diff.py A B [E] [yes|no] [ROWS]
"""
import re, subprocess, sys


def load(path, inclusive):
    out = subprocess.run(["callgrind_annotate", f"--inclusive={inclusive}", "--threshold=100",
                          path], capture_output=True, text=True, check=True).stdout
    costs = {}
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*)$", line)
        if not m:
            continue
        # `file:function [object]`, recursion marked `'2`: one name per function.
        name = re.sub(r" \[.*\]$", "", m.group(2))
        name = re.sub(r"^\S*?:", "", name, count=1)
        name = re.sub(r"'\d+$", "", name)
        costs[name] = max(costs.get(name, 0), int(m.group(1).replace(",", "")))
    return costs


a_path, b_path = sys.argv[1], sys.argv[2]
edits = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
inclusive = sys.argv[4] if len(sys.argv) > 4 else "yes"
rows = int(sys.argv[5]) if len(sys.argv) > 5 else 40
a, b = load(a_path, inclusive), load(b_path, inclusive)
diff = sorted(((b.get(k, 0) - a.get(k, 0)) / edits, k) for k in set(a) | set(b))
for value, name in reversed(diff[-rows:]):
    print(f"{value / 1e6:9.2f} M  {name[:160]}")
