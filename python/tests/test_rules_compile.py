"""Rules, lowering, compilation, the session, and errors."""

import re

import pytest

import kiln
from kiln.execution_engine import ExecutionEngine
from kiln.ir import Module
from kiln.rules import RuleSet

from conftest import CORPUS, ROOT

INC = "func.func @inc(%x: index) -> index {\n  %c1 = arith.constant 1 : index\n  %y = arith.addi %x, %c1 : index\n  func.return %y : index\n}\n"


def test_shipped_and_directory_rules():
    shipped = RuleSet.shipped()
    assert shipped.rule_count > 100
    assert RuleSet.shipped() is shipped
    loaded = RuleSet.load(ROOT / "rules")
    assert loaded.rule_count == shipped.rule_count
    passed, failures = shipped.run_tests()
    assert passed > 0 and failures == []
    assert "RuleSet(" in repr(shipped)


@pytest.mark.parametrize("path", sorted((ROOT / "tests" / "rules" / "fail").glob("*.rules")), ids=lambda p: p.name)
def test_rule_errors_carry_file_line_column(path):
    text = path.read_text()
    want = [(int(m.group(1)), int(m.group(2)), m.group(3)) for m in re.finditer(r"^; error: (\d+):(\d+): (.*)$", text, re.M)]
    if not want:
        pytest.skip("warnings only")
    with pytest.raises(kiln.RuleError) as e:
        RuleSet.from_text({str(path): text}, with_shipped=True)
    got = [(d.line, d.column, d.message) for d in e.value.diagnostics if d.file == str(path)]
    assert got == want
    assert isinstance(e.value, kiln.Error)


def test_missing_rule_directory():
    with pytest.raises(kiln.RuleError, match="cannot read rules"):
        RuleSet.load("/nonexistent/rules")


def test_lower_and_stats():
    m = Module.parse(INC)
    lowered = m.lower()
    assert "llvm.add i64" in lowered.text
    (stats,) = lowered.stats
    assert stats["function"] == "inc"
    assert stats["phases"] and all("nodes" in p for p in stats["phases"])
    # Each phase's passes: the first searches every class, and their count is the phase's
    # iterations (a confirming search, when there is one, counts within its iteration).
    for p in stats["phases"]:
        passes = p["passes"]
        assert passes[0]["scope"] == "all"
        assert len([q for q in passes if q["scope"] != "confirm"]) == p["iterations"]
        assert passes[-1]["classes"] == p["classes"] and passes[-1]["nodes"] > 0
        # The phase's tally adds the clauses of functions its rules applied.
        assert sum(q["applied"] for q in passes) <= sum(n for _, n in p["applied"])


def test_lowering_error_without_the_rules_for_an_op():
    # Only the arith rules: func.return has no lowering.
    files = {p.name: p.read_text() for p in (ROOT / "rules").glob("*.rules") if p.name != "func.rules"}
    rules = RuleSet.from_text(files)
    with pytest.raises(kiln.LoweringError) as e:
        Module.parse(INC).lower(rules)
    assert any("no rule lowers" in d.message for d in e.value.diagnostics)
    assert all(d.line > 0 for d in e.value.diagnostics)
    with pytest.raises(kiln.LoweringError):
        ExecutionEngine(Module.parse(INC), rules=rules)


def test_compile_emits():
    m = Module.parse((CORPUS / "loops.mlir").read_text())
    ir = kiln.compile(m, emit="llvm-ir")
    assert isinstance(ir, str) and "define" in ir and "@gcd" in ir
    assert kiln.compile(m, emit="llvm-ir") == ir  # deterministic
    asm = kiln.compile(m, emit="asm", opt_level=2)
    assert isinstance(asm, str) and "gcd" in asm
    obj = kiln.compile(m, emit="obj", target="aarch64-unknown-linux-gnu")
    assert isinstance(obj, bytes) and obj[:4] == b"\x7fELF" and obj[18] == 183  # EM_AARCH64
    x86 = kiln.compile(m, emit="obj", target="x86_64-unknown-linux-gnu")
    assert x86[18] == 62  # EM_X86_64
    with pytest.raises(ValueError):
        kiln.compile(m, emit="exe")
    with pytest.raises(ValueError):
        kiln.compile(m, opt_level=4)
    with pytest.raises(kiln.LoweringError, match="unknown target"):
        kiln.compile(m, target="nonsense-triple")
    with pytest.raises(kiln.ParseError):
        kiln.compile("func.func @f( {")


def test_compile_with_line_tables():
    text = "func.func @inc(%x: index) -> index {\n  %c1 = arith.constant 1 : index\n  %y = arith.addi %x, %c1 : index loc(\"inc.c\":7:5)\n  func.return %y : index\n}\n"
    ir = kiln.compile(text, debug=True)
    assert "!DICompileUnit(" in ir and 'producer: "kiln"' in ir
    assert re.search(r"add i64 %0, 1, !dbg !\d+", ir), ir
    assert "!DILocation(line: 7, column: 5," in ir
    assert "!DILocation(line: 4, column: 3," in ir  # the return, where it is written
    assert "!dbg" not in kiln.compile(text)
    obj = kiln.compile(text, emit="obj", debug=True)
    assert b".debug_line" in obj


def test_session_edits_a_range_like_setting_the_edited_text():
    s = kiln.Session()
    text = "// é\n" + INC
    s.set_source("m.mlir", text)
    s.compile("m.mlir")
    at = text.index("arith.addi")
    # String indices count characters: the `é` before the body is one.
    s.edit_source("m.mlir", at, at + len("arith.addi"), "arith.subi")
    lowered = s.lowered_text("m.mlir")
    assert s.last_work == kiln.Work(1, 0)
    fresh = kiln.Session()
    fresh.set_source("m.mlir", text.replace("arith.addi", "arith.subi"))
    assert lowered == fresh.lowered_text("m.mlir") and "llvm.add" not in lowered
    assert s.compile("m.mlir") == fresh.compile("m.mlir")
    for start, end in [(5, 4), (0, len(text) + 1), (-1, 3), (len(text) + 1, len(text) + 1)]:
        with pytest.raises(ValueError, match="not a range"):
            s.edit_source("m.mlir", start, end, "x")
    with pytest.raises(ValueError, match="no file `n.mlir`"):
        s.edit_source("n.mlir", 0, 0, "x")
    assert s.compile("m.mlir") == fresh.compile("m.mlir")
    # The last character, then an insertion at the very end: a new function.
    g = "\nfunc.func @g() {\n  func.return\n}"
    s.edit_source("m.mlir", len(text) - 1, len(text), g)
    s.edit_source("m.mlir", len(text) - 1 + len(g), len(text) - 1 + len(g), "\n")
    fresh.set_source("m.mlir", text.replace("arith.addi", "arith.subi") + g[1:] + "\n")
    ir = s.compile("m.mlir")
    assert "@g" in ir and ir == fresh.compile("m.mlir")


def test_session_redoes_only_what_changed():
    s = kiln.Session()
    s.set_source("m.mlir", INC + INC.replace("@inc", "@inc2"))
    assert s.diagnostics("m.mlir") == []
    ir = s.compile("m.mlir")
    assert "@inc2" in ir and s.last_work == kiln.Work(2, 2)
    s.set_source("m.mlir", INC + INC.replace("@inc", "@inc2").replace("arith.addi %x, %c1", "arith.addi %c1, %x"))
    s.compile("m.mlir")
    assert s.last_work == kiln.Work(1, 1)
    s.set_source("m.mlir", "// comment\n" + INC + INC.replace("@inc", "@inc2").replace("arith.addi %x, %c1", "arith.addi %c1, %x"))
    assert "llvm.add" in s.lowered_text("m.mlir")
    assert s.last_work == kiln.Work(0, 0)
    s.set_source("bad.mlir", "func.func @f() -> i32 {\n  func.return\n}\n")
    assert s.diagnostics("bad.mlir")[0].line == 2
    with pytest.raises(kiln.VerifyError):
        s.compile("bad.mlir")
    assert s.remove_source("bad.mlir") and s.sources == ["m.mlir"]


def test_panic_becomes_internal_error():
    with pytest.raises(kiln.InternalError, match="panic"):
        kiln._kiln._panic_for_test()
    # The module still works afterwards.
    assert "llvm.add" in Module.parse(INC).lower().text


def test_version():
    assert kiln.llvm_version[0] == 19 and kiln.version
