//! The memory operations the memref conventions will produce (gep, load, store, alloca,
//! stacksave/stackrestore, ptrtoint), on a lowered function built by hand: JIT results,
//! verified IR, entry-block allocas, and LLVM dialect accepted by `mlir-translate-19`.

use kiln_backend::{call, emit, print_program, CodegenOptions, Emit, Value};
use kiln_lowered::{Inst, Lowered, LoweredBlock, Operand, TargetOp};

/// Test programs spell operations by their declared names.
fn op(name: &str) -> TargetOp {
    TargetOp::from_name(name).unwrap_or_else(|| panic!("`{name}` is no target op"))
}

fn t(name: &str) -> Operand {
    Operand::Node(op(name), Vec::new())
}

fn inst(result: Option<u32>, name: &str, operands: Vec<Operand>) -> Inst {
    Inst::new(result, op(name), operands)
}

/// `@slot(n: i64) -> i64`: a loop over i in 0..n that stores i*2 into a 4-slot stack array
/// at index i % 4 inside a stacksave/stackrestore scope, then returns slot (n-1) % 4 plus
/// whether the array pointer is non-null.
fn program() -> Vec<Lowered> {
    use Operand::{Int, List, Value as V};
    let succ = |b: i64, args: Vec<Operand>| Operand::Node(op("succ"), vec![Int(b), List(args)]);
    let entry = vec![
        inst(Some(0), "llvm.arg", vec![t("i64"), Int(0)]),
        inst(Some(1), "llvm.constant", vec![t("i64"), Int(4)]),
        inst(Some(2), "llvm.alloca", vec![t("ptr"), t("i64"), V(1)]),
        inst(Some(3), "llvm.constant", vec![t("i64"), Int(0)]),
        inst(None, "llvm.br", vec![succ(1, vec![V(3)])]),
    ];
    let head = vec![
        inst(Some(4), "llvm.blockarg", vec![t("i64"), Int(1), Int(0)]),
        inst(
            Some(5),
            "llvm.icmp",
            vec![t("i1"), Operand::Str("slt".into()), V(4), V(0)],
        ),
        inst(
            None,
            "llvm.cond_br",
            vec![V(5), succ(2, vec![]), succ(3, vec![])],
        ),
    ];
    let body = vec![
        inst(Some(6), "llvm.stacksave", vec![t("ptr")]),
        inst(Some(7), "llvm.urem", vec![t("i64"), V(4), V(1)]),
        inst(
            Some(8),
            "llvm.gep",
            vec![t("ptr"), t("i64"), V(2), List(vec![V(7)])],
        ),
        inst(Some(9), "llvm.add", vec![t("i64"), V(4), V(4)]),
        inst(None, "llvm.store", vec![V(9), V(8)]),
        inst(None, "llvm.stackrestore", vec![V(6)]),
        inst(Some(10), "llvm.constant", vec![t("i64"), Int(1)]),
        inst(Some(11), "llvm.add", vec![t("i64"), V(4), V(10)]),
        inst(None, "llvm.br", vec![succ(1, vec![V(11)])]),
    ];
    let exit = vec![
        inst(Some(12), "llvm.constant", vec![t("i64"), Int(1)]),
        inst(Some(13), "llvm.sub", vec![t("i64"), V(0), V(12)]),
        inst(Some(14), "llvm.urem", vec![t("i64"), V(13), V(1)]),
        inst(
            Some(15),
            "llvm.gep",
            vec![t("ptr"), t("i64"), V(2), List(vec![V(14)])],
        ),
        inst(Some(16), "llvm.load", vec![t("i64"), V(15)]),
        inst(Some(17), "llvm.ptrtoint", vec![t("i64"), V(2)]),
        inst(
            Some(18),
            "llvm.icmp",
            vec![t("i1"), Operand::Str("ne".into()), V(17), V(3)],
        ),
        inst(Some(19), "llvm.zext", vec![t("i64"), V(18)]),
        inst(Some(20), "llvm.add", vec![t("i64"), V(16), V(19)]),
        inst(None, "llvm.return", vec![V(20)]),
    ];
    let block = |label: &str, params: Option<Vec<Operand>>, insts| LoweredBlock {
        label: label.to_string(),
        params: params.map(|p| Operand::Node(op("llvm.params"), vec![List(p)])),
        reachable: true,
        insts,
    };
    vec![Lowered {
        name: "slot".to_string(),
        signature: Operand::Node(op("llvm.sig"), vec![t("i64"), List(vec![t("i64")])]),
        blocks: vec![
            block("", None, entry),
            block("head", Some(vec![t("i64")]), head),
            block("body", Some(vec![]), body),
            block("exit", Some(vec![]), exit),
        ],
        order: vec![0, 1, 2, 3],
        linkage: Default::default(),
        attrs: Default::default(),
        callee_attrs: Vec::new(),
        fn_attrs: Vec::new(),
    }]
}

#[test]
fn memory_ops_run_under_the_jit() {
    let r = call(&program(), "slot", &[Value::Int { bits: 64, value: 7 }]).expect("runs");
    // slot (7-1) % 4 = 2 was last written at i = 6 with 12; plus 1 for a non-null pointer.
    assert_eq!(
        r,
        vec![Value::Int {
            bits: 64,
            value: 13
        }]
    );
}

#[test]
fn an_entry_block_alloca_and_scopes_use_the_intrinsics() {
    let ir = String::from_utf8(
        emit(&program(), Emit::LlvmIr, &CodegenOptions::default()).expect("compiles"),
    )
    .expect("utf-8");
    let entry = ir.split("bb1:").next().unwrap_or_default();
    assert!(entry.contains("alloca i64, i64 4"), "{ir}");
    assert!(ir.contains("call ptr @llvm.stacksave.p0()"), "{ir}");
    assert!(ir.contains("call void @llvm.stackrestore.p0(ptr"), "{ir}");
    assert!(ir.contains("getelementptr i64, ptr"), "{ir}");
    // Loads and stores carry the type's ABI alignment.
    assert!(
        ir.contains("store i64 %") && ir.contains(", align 8"),
        "{ir}"
    );
}

#[test]
fn memory_ops_print_as_llvm_dialect() {
    let text = print_program(&program(), &[]).expect("prints");
    assert!(
        text.contains("llvm.alloca %v1 x i64 : (i64) -> !llvm.ptr"),
        "{text}"
    );
    assert!(text.contains("llvm.intr.stacksave : !llvm.ptr"), "{text}");
    let translate = "/usr/lib/llvm-19/bin/mlir-translate";
    if !std::path::Path::new(translate).exists() && std::env::var_os("KILN_REQUIRE_MLIR").is_none()
    {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("m.mlir");
    std::fs::write(&f, &text).expect("write");
    let o = std::process::Command::new(translate)
        .arg("--mlir-to-llvmir")
        .arg(&f)
        .output()
        .expect("mlir-translate runs");
    assert!(
        o.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_jit_handle_compiles_once_and_calls_many_times() {
    let jit = kiln_backend::Jit::new(program()).expect("compiles");
    for n in 1..200i64 {
        let r = jit
            .call("slot", &[Value::Int { bits: 64, value: n }])
            .expect("runs");
        // The last write to slot (n-1) % 4 was at i = n-1, storing 2(n-1); plus 1.
        assert_eq!(
            r,
            vec![Value::Int {
                bits: 64,
                value: 2 * (n - 1) + 1
            }]
        );
    }
    let e = jit.call("nope", &[]).expect_err("no such function");
    assert!(e.to_string().contains("no defined function `@nope`"), "{e}");
    let e = jit.call("slot", &[]).expect_err("wrong arity");
    assert!(e.to_string().contains("takes 1 argument, 0 given"), "{e}");
}

#[test]
fn nested_insertvalue_and_extractvalue() {
    use Operand::{Int, List, Value as V};
    let inner = Operand::Node(op("llvm.struct"), vec![List(vec![t("i32"), t("i64")])]);
    let outer = Operand::Node(op("llvm.struct"), vec![List(vec![t("i32"), inner])]);
    let f = Lowered {
        name: "nest".to_string(),
        signature: Operand::Node(op("llvm.sig"), vec![t("i64"), List(vec![t("i64")])]),
        blocks: vec![LoweredBlock {
            label: String::new(),
            params: None,
            reachable: true,
            insts: vec![
                inst(Some(0), "llvm.arg", vec![t("i64"), Int(0)]),
                inst(Some(1), "llvm.undef", vec![outer.clone()]),
                inst(
                    Some(2),
                    "llvm.insertvalue",
                    vec![outer.clone(), V(1), V(0), List(vec![Int(1), Int(1)])],
                ),
                inst(
                    Some(3),
                    "llvm.extractvalue",
                    vec![t("i64"), V(2), List(vec![Int(1), Int(1)])],
                ),
                inst(None, "llvm.return", vec![V(3)]),
            ],
        }],
        order: vec![0],
        linkage: Default::default(),
        attrs: Default::default(),
        callee_attrs: Vec::new(),
        fn_attrs: Vec::new(),
    };
    let r = call(
        &[f],
        "nest",
        &[Value::Int {
            bits: 64,
            value: -5,
        }],
    )
    .expect("runs");
    assert_eq!(
        r,
        vec![Value::Int {
            bits: 64,
            value: -5
        }]
    );
}

#[test]
fn malformed_lowered_code_is_an_error() {
    use Operand::{Int, List};
    let f = |name: &str, insts: Vec<Inst>| Lowered {
        name: name.to_string(),
        signature: Operand::Node(op("llvm.sig"), vec![t("i64"), List(vec![t("i64")])]),
        blocks: vec![LoweredBlock {
            label: String::new(),
            params: None,
            reachable: true,
            insts,
        }],
        order: vec![0],
        linkage: Default::default(),
        attrs: Default::default(),
        callee_attrs: Vec::new(),
        fn_attrs: Vec::new(),
    };
    let bad_arg = f(
        "f",
        vec![
            inst(Some(0), "llvm.arg", vec![t("i64"), Int(-1)]),
            inst(None, "llvm.return", vec![Operand::Value(0)]),
        ],
    );
    let e = emit(&[bad_arg], Emit::LlvmIr, &CodegenOptions::default()).expect_err("bad index");
    assert!(e.to_string().contains("no parameter -1"), "{e}");
    let ok = |name: &str| {
        f(
            name,
            vec![
                inst(Some(0), "llvm.arg", vec![t("i64"), Int(0)]),
                inst(None, "llvm.return", vec![Operand::Value(0)]),
            ],
        )
    };
    // A program defining the JIT's wrapper name for `f` is refused, not misrouted.
    let e = kiln_backend::Jit::new(vec![ok("f"), ok("__kiln_call.f")])
        .err()
        .expect("refused");
    assert!(
        e.to_string().contains("the name of kiln's call wrapper"),
        "{e}"
    );
}

/// `@place(n: i64) -> i64`: the entry block branches to a second block that allocates two
/// slots of 2 i64s, one `llvm.alloca.entry` and one `llvm.alloca` (the count is `count` in
/// both), stores `n` in each and returns the first slot's value.
fn placement(count: Operand, extra: Vec<Inst>) -> Vec<Lowered> {
    use Operand::{Int, List, Value as V};
    let succ = |b: i64| Operand::Node(op("succ"), vec![Int(b), List(vec![])]);
    let entry = vec![
        inst(Some(0), "llvm.arg", vec![t("i64"), Int(0)]),
        inst(None, "llvm.br", vec![succ(1)]),
    ];
    let mut body = extra;
    body.extend([
        inst(
            Some(2),
            "llvm.alloca.entry",
            vec![t("ptr"), t("i64"), count.clone()],
        ),
        inst(Some(3), "llvm.alloca", vec![t("ptr"), t("i64"), count]),
        inst(None, "llvm.store", vec![V(0), V(2)]),
        inst(None, "llvm.store", vec![V(0), V(3)]),
        inst(Some(4), "llvm.load", vec![t("i64"), V(2)]),
        inst(None, "llvm.return", vec![V(4)]),
    ]);
    let block = |label: &str, insts| LoweredBlock {
        label: label.to_string(),
        params: Some(Operand::Node(op("llvm.params"), vec![List(vec![])])),
        reachable: true,
        insts,
    };
    vec![Lowered {
        name: "place".to_string(),
        signature: Operand::Node(op("llvm.sig"), vec![t("i64"), List(vec![t("i64")])]),
        blocks: vec![block("", entry), block("body", body)],
        order: vec![0, 1],
        linkage: Default::default(),
        attrs: Default::default(),
        callee_attrs: Vec::new(),
        fn_attrs: Vec::new(),
    }]
}

#[test]
fn the_rules_choose_placement_an_entry_alloca_is_a_frame_slot_a_plain_one_stays() {
    use Operand::{Int, Value as V};
    let constant = vec![inst(Some(1), "llvm.constant", vec![t("i64"), Int(2)])];
    let program = placement(V(1), constant);
    let ir = String::from_utf8(
        emit(&program, Emit::LlvmIr, &CodegenOptions::default()).expect("compiles"),
    )
    .expect("utf-8");
    let (entry, body) = ir.split_once("bb1:").expect("two blocks");
    assert_eq!(entry.matches("alloca i64, i64 2").count(), 1, "{ir}");
    assert_eq!(body.matches("alloca i64, i64 2").count(), 1, "{ir}");
    let r = call(&program, "place", &[Value::Int { bits: 64, value: 5 }]).expect("runs");
    assert_eq!(r, vec![Value::Int { bits: 64, value: 5 }]);
}

#[test]
fn an_entry_alloca_whose_count_is_not_a_constant_is_refused() {
    // The count is the argument: the entry block cannot allocate a slot of its size.
    let e = emit(
        &placement(Operand::Value(0), Vec::new()),
        Emit::LlvmIr,
        &CodegenOptions::default(),
    )
    .expect_err("refused");
    let message = e.to_string();
    assert!(
        message.contains("@place") && message.contains("`llvm.alloca.entry` needs a count"),
        "{message}"
    );
}
