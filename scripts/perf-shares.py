#!/usr/bin/env python3
"""Inclusive shares of a `perf record --call-graph` profile (BENCHMARKS.md): for each function
whose name contains one of the given words, the share of all samples (every thread) whose
stack holds it (a sample counts once per function; functions nest, so shares do not add up).

usage: scripts/perf-shares.py PERF_DATA [WORD...]
       (default words: kiln, salsa's verification, serde; needs Debian's linux-perf)
e.g.   PERF=/tmp/edit.perf scripts/profile-edit.py 10000 KILN obj 30
       scripts/perf-shares.py /tmp/edit.perf
"""
import collections, re, subprocess, sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
words = sys.argv[2:] or ["kiln", "deep_verify", "serde_json::de", "merge", "units"]
script = subprocess.run(["perf", "script", "-i", sys.argv[1]], capture_output=True,
                        text=True, check=True).stdout
shares, total = collections.Counter(), 0
for block in script.split("\n\n"):
    lines = [l.strip() for l in block.splitlines() if l.strip()]
    if len(lines) < 2:
        continue
    total += 1
    frames = {re.sub(r"\+0x[0-9a-f]+$", "", re.sub(r" \(.*\)$", "", l.split(" ", 1)[-1]))
              for l in lines[1:]}
    for f in frames:
        if any(w in f for w in words):
            shares[f] += 1
print(f"{total} samples")
for f, n in shares.most_common(40):
    print(f"{100 * n / max(total, 1):5.1f}% {f[:150]}")
