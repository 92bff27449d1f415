#!/usr/bin/env python3
"""Runs MLIR 19's own Python tests on kiln, one test function at a time.

The tests are upstream's code and are never part of this repository: `scripts/
upstream-python-tests.sh` fetches them from Debian's `llvm-toolchain-19` source and calls
this script with the directory holding `mlir/test/python`. Each file's `mlir` imports are
answered by `kiln` (a small `mlir` package that aliases `mlir.X` to `kiln.X` is put first on
`PYTHONPATH`), and each test function runs in its own interpreter: the file's other tests are
defined but not run. A test passes when its interpreter exits 0 and FileCheck accepts the
output against the CHECK lines that belong to it.

The scope rule: a test whose source (its function and the runner that calls it) names an
operation of a dialect outside builtin, func, arith, cf and memref (llvm, tensor ops,
transform, scf, linalg, vector, affine ops, math, index, gpu ... and the `python_test`
dialect, which exists only in upstream's build tree) is out of scope and counted apart.

Prints a markdown table (one row a file, a total row); with `--min-passed N` exits 1 when
fewer than N tests pass.
"""

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile

FILES = [
    "ir/affine_expr.py",
    "ir/affine_map.py",
    "ir/array_attributes.py",
    "ir/attributes.py",
    "ir/blocks.py",
    "ir/builtin_types.py",
    "ir/context_lifecycle.py",
    "ir/context_managers.py",
    "ir/debug.py",
    "ir/diagnostic_handler.py",
    "ir/dialects.py",
    "ir/exception.py",
    "ir/insertion_point.py",
    "ir/integer_set.py",
    "ir/location.py",
    "ir/module.py",
    "ir/operation.py",
    "ir/symbol_table.py",
    "ir/value.py",
    "dialects/arith_dialect.py",
    "dialects/builtin.py",
    "dialects/cf.py",
    "dialects/func.py",
    "dialects/memref.py",
    "execution_engine.py",
]

# Operations of these dialects are outside kiln's IR; `python_test` is upstream's test dialect.
OUT_OF_SCOPE = re.compile(
    # `llvm.` names an operation unless it is one of the argument and function attributes
    # MLIR's func dialect carries (`llvm.emit_c_interface`, `llvm.noalias` ...).
    r"\bllvm\.(?!emit_c_interface|noalias|align|readonly|nonnull|noundef|linkage)[a-z_]+\b"
    r"|\b(tensor|transform|scf|linalg|vector|affine|math|index|gpu|shape|complex|pdl"
    r"|quant|tosa|sparse_tensor|async|nvgpu|nvvm|rocdl|amdgpu|spirv|ml_program|emitc"
    r"|bufferization|omp|acc|ub)\.[a-z_]+\b|python_test|\btest\.[a-z_]+"
)

ALIAS = '''\
"""`mlir` answered by `kiln`: every `mlir.X` import is `kiln.X`."""
import importlib
import importlib.abc
import importlib.util
import sys


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        if not name.startswith("mlir."):
            return None
        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        return importlib.import_module("kiln" + spec.name[len("mlir"):])

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _Alias())
'''

VERBOSE = False

CHECK = re.compile(r"\bCHECK(-[A-Z]+)?:")


class Test:
    def __init__(self, name, runner, first, last):
        self.name = name
        self.runner = runner  # the function that runs it (a decorator or a called name)
        self.first = first  # first source line of the test (decorators included)
        self.last = last  # last source line that belongs to it (its body or its call)


def find_tests(tree):
    """The file's tests in source order: top-level functions run by a top-level decorator or
    by a top-level call `runner(test)`."""
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    tests = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Name) and d.id in functions:
                    first = min([node.lineno] + [x.lineno for x in node.decorator_list])
                    tests[node.name] = Test(node.name, d.id, first, node.end_lineno)
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id in functions
            and len(node.value.args) == 1
            and isinstance(node.value.args[0], ast.Name)
            and node.value.args[0].id in functions
        ):
            name = node.value.args[0].id
            f = functions[name]
            tests[name] = Test(name, node.value.func.id, f.lineno, node.end_lineno)
    return sorted(tests.values(), key=lambda t: t.first)


def only(tree, test):
    """The module with every test but `test` defined and not run."""
    body = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name != test.name:
            node.decorator_list = [
                d for d in node.decorator_list if not (isinstance(d, ast.Name) and d.id == test.runner)
            ]
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and len(node.value.args) == 1
            and isinstance(node.value.args[0], ast.Name)
            and node.value.args[0].id != test.name
            and node.value.func.id == test.runner
        ):
            continue
        body.append(node)
    tree.body = body
    return ast.unparse(tree)


def _label(lines, name):
    """The line of `CHECK-LABEL: TEST: name`, or None."""
    named = re.compile(r"CHECK-LABEL:\s*(TEST:\s*)?%s\s*$" % re.escape(name))
    return next((n for n in range(1, len(lines) + 1) if named.search(lines[n - 1])), None)


def _start(lines, tests, i):
    """Where a test's CHECK lines start: its label, else the comments right above it, else
    its first line."""
    at = _label(lines, tests[i].name)
    if at is not None:
        return at
    first = tests[i].first
    while first > 1 and lines[first - 2].lstrip().startswith("#"):
        first -= 1
    return first


def check_lines(lines, tests, i):
    """The CHECK lines of a test, as FileCheck's labels partition a file: from its
    `CHECK-LABEL: TEST: name` line (or its first line, without one) to the next label or
    the start of the next test's lines, whichever comes first (checks after a test's body
    belong to it, as in tests a decorator runs)."""
    start = _start(lines, tests, i)
    end = len(lines) + 1
    if i + 1 < len(tests):
        end = min(end, _start(lines, tests, i + 1))
    others = {t.name for t in tests} - {tests[i].name}
    chosen = []
    for n in range(start, end):
        line = lines[n - 1]
        if n > start and "CHECK-LABEL" in line and (
            "TEST:" in line or line.split("CHECK-LABEL:")[-1].strip() in others
        ):
            break
        if CHECK.search(line):
            chosen.append(line)
    return chosen


# MLIR's runtime libraries, which upstream's tests load by their place in a build tree
# (`../../../../lib/libmlir_runner_utils.so` from the test's directory).
RUNTIME_LIBS = {
    name + suffix: "/usr/lib/llvm-19/lib/%s.so.19.1" % name
    for name in ("libmlir_runner_utils", "libmlir_c_runner_utils", "libmlir_float16_utils")
    for suffix in (".so", ".so.19.1")
}


def build_tree(tmp):
    """A directory four levels below `tmp`, with `tmp/lib` holding MLIR's runtime
    libraries: where upstream's lit runs a test from, as far as the tests can tell."""
    lib = os.path.join(tmp, "lib")
    os.makedirs(lib)
    for name, target in RUNTIME_LIBS.items():
        if os.path.exists(target):
            os.symlink(target, os.path.join(lib, name))
    cwd = os.path.join(tmp, "test", "python", "mlir", "run")
    os.makedirs(cwd)
    return cwd


def run_test(python, shim, path, source, checks, merge, timeout):
    with tempfile.TemporaryDirectory() as tmp:
        cwd = build_tree(tmp)
        script = os.path.join(cwd, os.path.basename(path))
        with open(script, "w") as f:
            f.write(source)
        env = dict(os.environ, PYTHONPATH=shim)
        try:
            proc = subprocess.run(
                [python, script],
                cwd=cwd,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return False, "timed out"
        out = proc.stdout
        if proc.returncode != 0:
            tail = (proc.stderr or out or b"").decode(errors="replace").strip().splitlines()
            return False, tail[-1] if tail else "exit %d" % proc.returncode
        if not checks:
            return True, ""
        check_file = os.path.join(tmp, "checks.txt")
        with open(check_file, "w") as f:
            f.write("\n".join(checks) + "\n")
        fc = subprocess.run(
            ["FileCheck-19", check_file, "--dump-input=never"],
            input=out,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        if fc.returncode != 0:
            lines = fc.stderr.decode(errors="replace").strip().splitlines()
            what = lines[0].split("error: ", 1)[-1] if lines else "failed"
            # The CHECK line that failed, and where the output was scanned.
            detail = " | ".join(l.strip() for l in lines[1:6] if l.strip() and not l.strip().startswith("^"))
            return False, "FileCheck: " + what + (" [" + detail + "]" if VERBOSE else "")
        return True, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tests", help="the directory `mlir/test/python` of MLIR 19's source")
    ap.add_argument("--python", default=sys.executable, help="the interpreter that imports kiln")
    ap.add_argument("--min-passed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--failures", action="store_true", help="list each failing test and why")
    ap.add_argument("--only", help="run only the files whose path contains this text")
    ap.add_argument("--verbose", action="store_true", help="with --failures, FileCheck's detail")
    args = ap.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    args.python = os.path.abspath(args.python) if os.sep in args.python else args.python

    shim = tempfile.mkdtemp(prefix="kiln-mlir-alias-")
    os.makedirs(os.path.join(shim, "mlir"))
    with open(os.path.join(shim, "mlir", "__init__.py"), "w") as f:
        f.write(ALIAS)

    rows, failures = [], []
    totals = [0, 0, 0]
    for rel in FILES:
        if args.only and args.only not in rel:
            continue
        path = os.path.join(args.tests, rel)
        with open(path) as f:
            text = f.read()
        lines = text.splitlines()
        merge = "2>&1" in lines[0]
        tests = find_tests(ast.parse(text))
        passed = failed = out = 0
        for i, test in enumerate(tests):
            runner = next(
                (n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef) and n.name == test.runner),
                None,
            )
            own = "\n".join(lines[test.first - 1 : test.last])
            runner_text = ast.get_source_segment(text, runner) if runner else ""
            if OUT_OF_SCOPE.search(own) or OUT_OF_SCOPE.search(runner_text or ""):
                out += 1
                continue
            source = only(ast.parse(text), test)
            ok, why = run_test(args.python, shim, path, source, check_lines(lines, tests, i), merge, args.timeout)
            if ok:
                passed += 1
            else:
                failed += 1
                failures.append((rel, test.name, why))
        rows.append((rel, passed, failed, out))
        for k, v in enumerate((passed, failed, out)):
            totals[k] += v

    print("| file | passed | failed | out of scope |")
    print("|---|---|---|---|")
    for rel, p, f, o in rows:
        print("| `%s` | %d | %d | %d |" % (rel, p, f, o))
    p, f, o = totals
    share = 100.0 * p / (p + f) if p + f else 0.0
    print("| **total** | **%d** (%.1f%% of %d in scope) | %d | %d |" % (p, share, p + f, f, o))
    if args.failures:
        print()
        for rel, name, why in failures:
            print("- `%s` `%s`: %s" % (rel, name, why))
    if p < args.min_passed:
        print("upstream Python tests: %d passed, below the required %d" % (p, args.min_passed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
