#!/usr/bin/env python3
"""Conformance of kiln with MLIR 19's own conversion tests.

Takes each function of the MLIR test files listed in FILES (from a directory laid out like
llvm-project, `--source DIR` or $KILN_LLVM_PROJECT), rewritten only by dropping comment
lines (FileCheck's directives among them) and splitting at `// -----`; keeps the functions
`kiln check` accepts (kiln's input language); lowers each with kiln and with `mlir-opt-19`
(+ `mlir-translate-19`, `llc-19` where it is run), in every configuration the file's RUN
lines use (the default, `use-bare-ptr-memref-call-conv`, C wrappers for every function);
compares the LLVM signatures (parameter and result types, in order, of the function and of
its `_mlir_ciface_` wrapper) and, where every parameter and result is a scalar, the results
of calling both from a generated C driver.

Prints one line per (function, configuration) pair and a table per file; `--write DIR`
keeps the extracted inputs (one file per unit) there; `--expect FILE` compares the verdicts
with a file of `FILE FUNCTION CONFIG VERDICT` lines (exit 1 on any difference), `--bless`
writes that file. Exit 0 otherwise.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path("/usr/lib/llvm-19/bin")

FILES = [
    "mlir/test/Conversion/FuncToLLVM/calling-convention.mlir",
    "mlir/test/Conversion/FuncToLLVM/func-memref-return.mlir",
    "mlir/test/Conversion/FuncToLLVM/func-memref.mlir",
    "mlir/test/Conversion/FuncToLLVM/emit-c-wrappers-for-external-callers.mlir",
    "mlir/test/Conversion/FuncToLLVM/emit-c-wrappers-for-external-functions.mlir",
    "mlir/test/Conversion/FuncToLLVM/convert-funcs.mlir",
    "mlir/test/Conversion/FuncToLLVM/convert-argattrs.mlir",
    "mlir/test/Conversion/FuncToLLVM/func-to-llvm.mlir",
    "mlir/test/Conversion/FuncToLLVM/call-attributes.mlir",
    "mlir/test/Conversion/FuncToLLVM/invalid.mlir",
    "mlir/test/Conversion/FuncToLLVM/func-duplicate-symbol.mlir",
    "mlir/test/Conversion/FuncToLLVM/func-to-llvm-datalayout.mlir",
    "mlir/test/Conversion/FuncToLLVM/convert-data-layout.mlir",
    "mlir/test/Conversion/FuncToLLVM/empty-res-attrs.mlir",
    "mlir/test/Conversion/FuncToLLVM/typed-pointers.mlir",
    "mlir/test/Conversion/MemRefToLLVM/convert-static-memref-ops.mlir",
    "mlir/test/Conversion/MemRefToLLVM/convert-dynamic-memref-ops.mlir",
    "mlir/test/Conversion/MemRefToLLVM/convert-alloca-scope.mlir",
    "mlir/test/Conversion/MemRefToLLVM/dealloc-existing-free-decl.mlir",
    "mlir/test/Conversion/MemRefToLLVM/generic-functions.mlir",
    "mlir/test/Conversion/MemRefToLLVM/memref-to-llvm.mlir",
    "mlir/test/Conversion/MemRefToLLVM/expand-then-convert-to-llvm.mlir",
    "mlir/test/Conversion/MemRefToLLVM/type-conversion.mlir",
    "mlir/test/Conversion/MemRefToLLVM/invalid.mlir",
    "mlir/test/Conversion/MemRefToLLVM/issue-70160.mlir",
    "mlir/test/Conversion/MemRefToLLVM/issue-120950.mlir",
    "mlir/test/Conversion/MemRefToLLVM/issue-131439.mlir",
    "mlir/test/Conversion/MemRefToLLVM/invalid-uint.mlir",
    "mlir/test/Conversion/MemRefToLLVM/generic-atomic-rmw-flt.mlir",
    "mlir/test/Conversion/MemRefToLLVM/memory-space-cast-non-integer-addrspace.mlir",
    "mlir/test/Conversion/MemRefToLLVM/memref-to-llvm-with-transforms.mlir",
    "mlir/test/Conversion/ControlFlowToLLVM/assert.mlir",
    "mlir/test/Conversion/ControlFlowToLLVM/branch.mlir",
    "mlir/test/Conversion/ControlFlowToLLVM/switch.mlir",
    "mlir/test/Conversion/ControlFlowToLLVM/assume.mlir",
    "mlir/test/Conversion/ControlFlowToLLVM/branch-32bit-index.mlir",
    "mlir/test/Conversion/ControlFlowToLLVM/invalid.mlir",
    "mlir/test/Conversion/ArithToLLVM/arith-to-llvm.mlir",
    "mlir/test/Conversion/ArithToLLVM/arith-to-llvm-index.mlir",
    "mlir/test/Conversion/ArithToLLVM/arith-to-llvm-32bit-index.mlir",
    "mlir/test/Conversion/ArithToLLVM/constant-index-bitwidth.mlir",
    "mlir/test/Conversion/ArithToLLVM/attribute-storage.mlir",
    "mlir/test/Conversion/ArithToLLVM/index-bitwidth.mlir",
    "mlir/test/Conversion/ArithToLLVM/ceil-floor-div-tensor.mlir",
    "mlir/test/Conversion/ArithToLLVM/type-conversion.mlir",
    "mlir/test/Conversion/ArithToLLVM/graph-region-circular-ssa.mlir",
]

# kiln's reference pipeline, read from `PIPELINE` in verify/src/reference.rs (so the two cannot
# drift apart); configurations add to it.
def reference_pipeline():
    text = (ROOT / "verify/src/reference.rs").read_text()
    body = re.search(r"pub const PIPELINE: &\[&str\] = &\[(.*?)\];", text, re.S)
    if body is None:
        sys.exit("conformance.py: no `PIPELINE` in verify/src/reference.rs")
    return re.findall(r'"([^"]+)"', body.group(1))


PIPELINE = reference_pipeline()
CONFIGS = {
    "default": ([], []),
    "bareptr": (
        ["--bare-ptr-memref-call-conv"],
        ["--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1"],
    ),
    "cwrappers": (["--emit-c-interface"], ["--llvm-request-c-wrappers"]),
}

SCALARS = {
    "i1": ("_Bool", "1", '"%d"'),
    "i8": ("int8_t", "5", '"%d"'),
    "i16": ("int16_t", "7", '"%d"'),
    "i32": ("int32_t", "11", '"%d"'),
    "i64": ("int64_t", "13", '"%lld", (long long)'),
    "f16": None,
    "f32": ("float", "1.5f", '"%a", (double)'),
    "f64": ("double", "2.25", '"%a", '),
}


def configs_of(text):
    """The configurations a file's RUN lines ask for."""
    runs = "\n".join(l for l in text.splitlines() if l.lstrip().startswith("// RUN:"))
    out = ["default"]
    if "use-bare-ptr-memref-call-conv=1" in runs:
        out.append("bareptr")
    if "llvm-request-c-wrappers" in runs:
        out.append("cwrappers")
    return out


def chunks(text):
    """The file split at `// -----`, comment lines dropped."""
    parts = re.split(r"(?m)^// -----\s*$", text)
    out = []
    for p in parts:
        kept = [l for l in p.splitlines() if not l.lstrip().startswith("//")]
        out.append("\n".join(kept).strip() + "\n")
    return out


def drop_transform_scripts(chunk):
    """A chunk without `module attributes {transform.with_named_sequence}` blocks and
    top-level `transform.sequence` blocks: they drive `-transform-interpreter` (and
    `-test-transform-dialect-interpreter`) RUN lines and are not inputs of the conversion."""
    while True:
        m = re.search(
            r"(?m)^(?:module attributes \{transform\.with_named_sequence\}|transform\.sequence\b)", chunk
        )
        if not m:
            return chunk
        j, d = chunk.index("{", m.end()), 0
        while j < len(chunk):
            d += {"{": 1, "}": -1}.get(chunk[j], 0)
            j += 1
            if d == 0:
                break
        chunk = chunk[: m.start()] + chunk[j:]


def functions(chunk):
    """(name, start, end) of each `func.func` in a chunk, by bracket matching."""
    out = []
    for m in re.finditer(r"(?m)^\s*func\.func\b", chunk):
        i = m.end()
        name = re.search(r"@([\w$.]+)", chunk[i:])
        if not name:
            continue
        depth = 0
        last_word = ""
        end = None
        while i < len(chunk):
            c = chunk[i]
            if chunk.startswith("->", i):
                last_word = "->"
                i += 2
                continue
            if c in "(<[":
                depth += 1
            elif c in ")>]":
                depth -= 1
            elif c == "{" and depth == 0:
                j, d = i, 0
                while j < len(chunk):
                    d += {"{": 1, "}": -1}.get(chunk[j], 0)
                    j += 1
                    if d == 0:
                        break
                if last_word == "attributes":
                    i = j
                    last_word = ""
                    continue
                end = j
                break
            elif c == "\n" and depth == 0 and last_word != "->":
                # (a result type may follow `->` on the next line)
                rest = chunk[i + 1 :].lstrip()
                if not rest.startswith(("attributes", "{", "->")):
                    end = i
                    break
            if c.isalpha() or c == "_":
                w = re.match(r"[A-Za-z_]\w*", chunk[i:]).group(0)
                last_word = w
                i += len(w)
                continue
            if not c.isspace():
                last_word = c
            i += 1
        out.append((name.group(1), m.start(), end if end is not None else len(chunk)))
    return out


def run(cmd, stdin=None, timeout=60):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


def first_error(stderr):
    for l in stderr.splitlines():
        l = l.strip()
        if l.startswith("{"):
            m = re.search(r'"message":"((?:[^"\\]|\\.)*)"', l)
            if m and '"severity":"error"' in l:
                return m.group(1).replace('\\"', '"')
        elif "error" in l.lower():
            return l
    return stderr.strip().splitlines()[0] if stderr.strip() else "failed"


def split_top(s):
    out, depth, cur = [], 0, ""
    for c in s:
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def strip_attrs(t):
    t = t.strip()
    if t.startswith("%"):
        t = t.split(":", 1)[1].strip()
    # a trailing `{...}` attribute dictionary
    if t.endswith("}"):
        depth = 0
        for k in range(len(t) - 1, -1, -1):
            depth += {"}": 1, "{": -1}.get(t[k], 0)
            if depth == 0:
                t = t[:k].strip()
                break
    return t


def signatures(llvm_text):
    """name -> (param types, result type) of every llvm.func in LLVM-dialect text."""
    out = {}
    for m in re.finditer(r"llvm\.func\s+(?:\w+\s+)*@([\w$.]+)\(", llvm_text):
        i, depth = m.end(), 1
        while i < len(llvm_text) and depth:
            depth += {"(": 1, ")": -1}.get(llvm_text[i], 0)
            i += 1
        params = [strip_attrs(p) for p in split_top(llvm_text[m.end() : i - 1])]
        rest = llvm_text[i:].split("\n", 1)[0]
        result = "void"
        r = re.match(r"\s*->\s*(.*?)(?:\s+attributes\s*\{.*)?\s*\{?\s*$", rest)
        if r:
            result = r.group(1).strip()
            if result.startswith("(") and result.endswith(")"):
                result = strip_attrs(result[1:-1])
        out[m.group(1)] = (params, result)
    return out


class Unit:
    def __init__(self, path, text, names):
        self.path, self.text, self.names = path, text, names


def c_driver(name, params, result):
    """A C program calling `name` with fixed scalar arguments and printing its result."""
    decl_params, args = [], []
    for k, p in enumerate(params):
        ct, val, _ = SCALARS[p]
        decl_params.append(ct)
        args.append(val if p != "i1" else "1")
    call = f"{name}({', '.join(args)})"
    lines = ["#include <stdint.h>", "#include <stdio.h>"]
    if result == "void":
        lines.append(f"void {name}({', '.join(decl_params) or 'void'});")
        lines.append(f'int main(void) {{ {call}; printf("void\\n"); return 0; }}')
    else:
        ct, _, fmt = SCALARS[result]
        f, cast = fmt.split(",", 1) if "," in fmt else (fmt, "")
        lines.append(f"{ct} {name}({', '.join(decl_params) or 'void'});")
        lines.append(
            f'int main(void) {{ printf({f[:-1]}\\n", {cast.strip()}{call}); return 0; }}'
        )
    return "\n".join(lines) + "\n"


def execute(work, unit_file, kiln, cfg, name, params, result, mlir_ll):
    """Both lowerings' output of a C driver calling `name`; None when not callable."""
    if any(p not in SCALARS or SCALARS[p] is None for p in params):
        return None
    if result != "void" and (result not in SCALARS or SCALARS[result] is None):
        return None
    driver = work / f"{name}.{cfg}.c"
    driver.write_text(c_driver(name, params, result))
    outs = []
    for who in ("kiln", "mlir"):
        obj = work / f"{name}.{cfg}.{who}.o"
        if who == "kiln":
            rc, _, err = run([kiln, "compile", str(unit_file), "-o", str(obj)] + CONFIGS[cfg][0])
        else:
            ll = work / f"{name}.{cfg}.ll"
            ll.write_text(mlir_ll)
            rc, _, err = run([str(BIN / "llc"), "-O0", "-filetype=obj", "-relocation-model=pic", str(ll), "-o", str(obj)])
        if rc != 0:
            return f"{who} object failed: {first_error(err)}"
        exe = work / f"{name}.{cfg}.{who}"
        rc, _, err = run(["cc", str(driver), str(obj), "-o", str(exe)])
        if rc != 0:
            # An unresolved external (a declaration it calls) makes it not callable.
            return None
        rc, out, _ = run([str(exe)], timeout=10)
        outs.append((rc, out))
    return outs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default=os.environ.get("KILN_LLVM_PROJECT"))
    ap.add_argument("--kiln", default=str(ROOT / "target/debug/kiln"))
    ap.add_argument("--files", nargs="*", help="paths under --source instead of FILES")
    ap.add_argument("--write", help="keep the extracted units in this directory")
    ap.add_argument("--expect", help="compare verdicts with this file")
    ap.add_argument("--bless", action="store_true", help="write the verdicts to --expect")
    a = ap.parse_args()
    if not a.source:
        sys.exit("conformance.py: give --source DIR (an llvm-project checkout) or set KILN_LLVM_PROJECT")
    src = Path(a.source)
    work = Path(tempfile.mkdtemp(prefix="kiln-conformance-"))
    verdicts = []
    table = []
    for rel in a.files or FILES:
        f = src / rel
        if not f.is_file():
            table.append((rel, None))
            continue
        text = f.read_text()
        cfgs = configs_of(text)
        stats = {"functions": 0, "in": 0, "pairs": 0, "agree": 0, "reasons": {}}
        for ci, chunk in enumerate(chunks(text)):
            chunk = drop_transform_scripts(chunk)
            funcs = functions(chunk)
            stats["functions"] += len(funcs)
            if not funcs:
                continue
            # A unit: the chunk, less the functions kiln refuses even alone.
            ok, refused = [], {}
            for name, s, e in funcs:
                alone = work / "alone.mlir"
                alone.write_text(chunk[s:e] + "\n")
                rc, _, err = run([a.kiln, "check", "--error-format", "json", str(alone)])
                if rc == 0 or "undefined function" in err:
                    ok.append((name, s, e))
                else:
                    refused[name] = first_error(err)
            keep, at = "", 0
            for name, s, e in funcs:
                if name in refused:
                    keep += chunk[at:s]
                    at = e
            keep += chunk[at:]
            # A plain `module {` wrapper left empty by that is dropped too.
            keep = re.sub(r"(?m)^module\s*\{\s*\}\s*$", "", keep)
            unit_file = work / f"{Path(rel).stem}.{ci}.mlir"
            unit_file.write_text(keep)
            rc, _, err = run([a.kiln, "check", "--error-format", "json", str(unit_file)])
            if ok and rc != 0:
                for name, _, _ in ok:
                    refused[name] = first_error(err)
                ok = []
            for name, _, _ in funcs:
                if name in refused:
                    why = refused[name]
                    why = re.sub(r"`@[\w$.]+`", "`@F`", why)
                    stats["reasons"][why] = stats["reasons"].get(why, 0) + 1
                    verdicts.append((rel, name, "-", "outside the language"))
            if not ok:
                continue
            stats["in"] += len(ok)
            if a.write:
                d = Path(a.write) / Path(rel).parent.name / Path(rel).stem
                d.mkdir(parents=True, exist_ok=True)
                shutil.copy(unit_file, d / f"{ci:02}.mlir")
            for cfg in cfgs:
                krc, kout, kerr = run([a.kiln, "compile", "--emit", "mlir-llvm", str(unit_file)] + CONFIGS[cfg][0])
                if krc != 0:
                    # Functions a convention refuses (located errors naming them) are left
                    # out and the rest lowered, as MLIR leaves them unconverted.
                    named = set(re.findall(r"of `@([\w$.]+)` is", kerr))
                    if named:
                        rest, at = "", 0
                        text_u = unit_file.read_text()
                        for name, s, e in functions(text_u):
                            if name in named:
                                rest += text_u[at:s]
                                at = e
                        rest += text_u[at:]
                        retry = work / "retry.mlir"
                        retry.write_text(rest)
                        krc, kout, kerr2 = run([a.kiln, "compile", "--emit", "mlir-llvm", str(retry)] + CONFIGS[cfg][0])
                        if krc != 0:
                            kerr = kerr2
                passes = [p for p in PIPELINE]
                for extra in CONFIGS[cfg][1]:
                    if extra.startswith("--convert-func-to-llvm"):
                        passes[passes.index("--convert-func-to-llvm")] = extra
                    else:
                        passes.insert(0, extra)
                mrc, mout, merr = run([str(BIN / "mlir-opt")] + passes + [str(unit_file)])
                ksig = signatures(kout) if krc == 0 else {}
                msig = signatures(mout) if mrc == 0 else {}
                mll = None
                if mrc == 0:
                    trc, mll, _ = run([str(BIN / "mlir-translate"), "--mlir-to-llvmir"], stdin=mout)
                    if trc != 0:
                        mll = None
                for name, _, _ in ok:
                    stats["pairs"] += 1
                    wrapper = "_mlir_ciface_" + name
                    k, m = ksig.get(name), msig.get(name)
                    if k is None and m is None:
                        verdict = "agree (both refuse)"
                    elif k is None:
                        verdict = "kiln refuses: " + first_error(kerr)
                    elif m is None:
                        verdict = "MLIR refuses (leaves it unconverted)" if mrc == 0 else "MLIR refuses: " + first_error(merr)
                    elif k != m:
                        verdict = f"signature differs: kiln {k[0]} -> {k[1]}, MLIR {m[0]} -> {m[1]}"
                    elif ksig.get(wrapper) != msig.get(wrapper):
                        verdict = f"C wrapper differs: kiln {ksig.get(wrapper)}, MLIR {msig.get(wrapper)}"
                    else:
                        verdict = "agree"
                        if mll is not None:
                            ran = execute(work, unit_file, a.kiln, cfg, name, k[0], k[1], mll)
                            if isinstance(ran, str):
                                verdict = "agree (signature); " + ran
                            elif ran is not None:
                                if ran[0] == ran[1]:
                                    verdict = "agree (signature, run)"
                                else:
                                    verdict = f"results differ: kiln {ran[0]}, MLIR {ran[1]}"
                    if verdict.startswith("agree"):
                        stats["agree"] += 1
                    verdicts.append((rel, name, cfg, verdict))
                    print(f"{rel.split('/')[-2]}/{Path(rel).name} @{name} [{cfg}]: {verdict}")
        table.append((rel, stats))
    print()
    print("| file | functions | in kiln's language | pairs | agree | outside the language, why |")
    print("|---|---|---|---|---|---|")
    totals = [0, 0, 0, 0]
    for rel, st in table:
        short = "/".join(rel.split("/")[-2:])
        if st is None:
            print(f"| {short} | not found under --source | | | | |")
            continue
        why = "; ".join(f"{n}× {r}" for r, n in sorted(st["reasons"].items(), key=lambda x: -x[1]))
        print(f"| {short} | {st['functions']} | {st['in']} | {st['pairs']} | {st['agree']} | {why} |")
        for i, k in enumerate(["functions", "in", "pairs", "agree"]):
            totals[i] += st[k]
    print(f"| total | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} | |")
    shutil.rmtree(work, ignore_errors=True)
    lines = [f"{r}\t{n}\t{c}\t{v.split(':')[0]}" for r, n, c, v in verdicts]
    if a.expect:
        if a.bless:
            Path(a.expect).write_text("\n".join(lines) + "\n")
        else:
            want = Path(a.expect).read_text().splitlines()
            if want != lines:
                import difflib

                print("\n".join(difflib.unified_diff(want, lines, "expected", "actual", lineterm="")))
                sys.exit(1)


if __name__ == "__main__":
    main()
