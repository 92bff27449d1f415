#!/usr/bin/env python3
"""The vendored egg is the published crate with kiln's patch series applied.

`vendor/egg/patches/*.patch` (in name order, each one edit of `vendor/egg/PATCH.md`) are
the source of truth; `vendor/egg` is what Cargo builds. This script fetches egg 0.11.0 from
crates.io (or reads the `.crate` file given), checks its SHA-256, leaves out the files the
vendored copy leaves out, applies the series with `git apply`, and:

  check        compares the result with vendor/egg (but kiln's own PATCH.md, UPSTREAM.md
               and patches/): any difference fails, with a diff
  write DIR    writes the result to DIR (to start a new edit: write, edit, commit the edit
               with git format-patch into vendor/egg/patches/, copy back)

usage: scripts/egg-patches.py check [--crate FILE]
       scripts/egg-patches.py write DIR [--crate FILE]
"""
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
VENDOR = os.path.join(ROOT, "vendor", "egg")
PATCHES = os.path.join(VENDOR, "patches")
URL = "https://static.crates.io/crates/egg/egg-0.11.0.crate"
SHA256 = "dd40cfd4196d7a8f882ace95d623d4d6734588e502b4e188675a7c2f55eb4fb4"
# Files of the published crate that only serve egg's own repository (PATCH.md says why).
LEFT_OUT = [".github", ".gitignore", "Makefile", "rust-toolchain", ".cargo-ok"]
# kiln's own files in vendor/egg, not egg's.
KILN_FILES = ["PATCH.md", "UPSTREAM.md", "patches"]


def fail(message):
    print(f"egg-patches: {message}", file=sys.stderr)
    sys.exit(1)


def crate_bytes(path):
    if path:
        with open(path, "rb") as f:
            data = f.read()
    else:
        try:
            with urllib.request.urlopen(URL, timeout=60) as r:
                data = r.read()
        except OSError as e:
            fail(f"cannot fetch {URL}: {e}")
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        fail(f"the crate's SHA-256 is {digest}, not egg 0.11.0's {SHA256}")
    return data


def patched(data, into):
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        # The archive's digest is pinned above; the filter, where this Python has it,
        # also keeps every path inside `into`.
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)
    tree = os.path.join(into, "egg-0.11.0")
    for name in LEFT_OUT:
        p = os.path.join(tree, name)
        if os.path.isdir(p):
            shutil.rmtree(p)
        elif os.path.exists(p):
            os.remove(p)
    series = sorted(p for p in os.listdir(PATCHES) if p.endswith(".patch"))
    if not series:
        fail(f"no patches in {PATCHES}")
    for name in series:
        r = subprocess.run(
            ["git", "apply", "--whitespace=nowarn", os.path.join(PATCHES, name)],
            cwd=tree,
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            fail(f"{name} does not apply:\n{r.stderr}")
    return tree, series


def files(tree, skip):
    out = {}
    for base, dirs, names in os.walk(tree):
        rel = os.path.relpath(base, tree)
        if rel == ".":
            dirs[:] = [d for d in dirs if d not in skip]
            names = [n for n in names if n not in skip]
        for n in names:
            p = os.path.join(base, n)
            out[os.path.normpath(os.path.join(rel, n))] = p
    return out


def main():
    args = sys.argv[1:]
    crate = None
    if "--crate" in args:
        i = args.index("--crate")
        if i + 1 >= len(args):
            fail("--crate takes a file")
        crate = args[i + 1]
        del args[i : i + 2]
    if not args or args[0] not in ("check", "write") or (args[0] == "write") != (len(args) == 2):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    data = crate_bytes(crate)
    with tempfile.TemporaryDirectory() as tmp:
        tree, series = patched(data, tmp)
        if args[0] == "write":
            shutil.copytree(tree, args[1], dirs_exist_ok=True)
            print(f"egg 0.11.0 with {len(series)} patches written to {args[1]}")
            return
        ours = files(tree, [])
        vendored = files(VENDOR, KILN_FILES)
        differ = sorted(set(ours) ^ set(vendored))
        differ += sorted(
            f for f in set(ours) & set(vendored) if open(ours[f], "rb").read() != open(vendored[f], "rb").read()
        )
        if differ:
            for f in differ:
                a = ours.get(f, "/dev/null")
                b = vendored.get(f, "/dev/null")
                subprocess.run(["diff", "-u", a, b])
            fail(f"vendor/egg is not egg 0.11.0 with its {len(series)} patches: {', '.join(differ)}")
        print(f"vendor/egg is egg 0.11.0 with its {len(series)} patches")


if __name__ == "__main__":
    main()
