use super::*;
use crate::source::function_abi;

/// An integer wider than 64 bits is bound whole, from a number or its decimal text,
/// within its type's signed or unsigned range.
#[test]
fn wide_integer_arguments_bind_whole() {
    let i128_ty = Scalar::int(128).unwrap_or(Scalar::I64);
    for x in [5, i128::MIN, i128::MAX] {
        let v = scalar_in(i128_ty, ScalarIn::Int(x), &Path::default());
        assert_eq!(
            v,
            Ok(Value::Wide {
                bits: 128,
                value: x
            })
        );
    }
    let i100 = Scalar::int(100).unwrap_or(Scalar::I64);
    let max_unsigned = ((1u128 << 100) - 1).to_string();
    let v = scalar_in(i100, ScalarIn::Text(&max_unsigned), &Path::default());
    assert_eq!(
        v,
        Ok(Value::Wide {
            bits: 100,
            value: -1
        })
    );
    let beyond = (1u128 << 100).to_string();
    let e = scalar_in(i100, ScalarIn::Text(&beyond), &Path::default());
    assert!(
        e.as_ref()
            .is_err_and(|m| m.contains("does not fit in i100")),
        "{e:?}"
    );
    let e = scalar_in(i100, ScalarIn::Text("many"), &Path::default());
    assert!(
        e.as_ref().is_err_and(|m| m.contains("expected i100")),
        "{e:?}"
    );
}

/// The ABI of the one function of `text`.
fn abi_of(text: &str) -> FunctionAbi {
    let checked = kiln_frontend::check_module(text);
    assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
    let parsed = kiln_frontend::parse_module(text);
    let f = function_abi(kiln_engine::HeaderRef::of(
        &parsed.tree.funcs[0],
        &checked.module.functions[0],
    ));
    assert!(f.diagnostics.is_empty(), "{:?}", f.diagnostics);
    f
}

const DICT: &str = "func.func @f(%a: f32, %n: i64, %m: memref<2xi8>) attributes {iree.abi = \"{\\\"a\\\": [[\\\"named\\\", \\\"opts\\\", [\\\"sdict\\\", [\\\"n\\\", \\\"i64\\\"], [\\\"alpha\\\", \\\"f32\\\"]]], [\\\"named\\\", \\\"m\\\", [\\\"ndarray\\\", \\\"i8\\\", 1, 2]]], \\\"r\\\": []}\"} {\n  func.return\n}\n";

#[test]
fn sdict_slots_bind_in_sorted_key_order() {
    let f = abi_of(DICT);
    let input = serde_json::json!({"opts": {"n": 7, "alpha": 0.25}, "m": [-128, 255]});
    let b = bind_input(&f, &input).expect("binds");
    assert_eq!(b.paths, ["opts.alpha", "opts.n", "m"]);
    assert_eq!(b.args[0], Arg::Scalar(Value::F32(0.25)));
    assert_eq!(b.args[1], Arg::Scalar(Value::Int { bits: 64, value: 7 }));
    let Arg::MemRef(m) = &b.args[2] else {
        panic!("a memref")
    };
    // -128 and 255 are the same byte pattern as i8 values -128 and -1.
    assert_eq!((m.sizes.clone(), m.elements()), (vec![2], vec![0x80, 0xff]));
}

#[test]
fn one_error_names_the_path() {
    let f = abi_of(DICT);
    let e = |v: serde_json::Value| bind_input(&f, &v).expect_err("refused");
    assert_eq!(
        e(serde_json::json!({"opts": {"n": 7, "alpha": true}, "m": [1, 2]})),
        "opts.alpha: expected f32, got a boolean"
    );
    assert_eq!(
        e(serde_json::json!({"opts": {"n": 7, "alpha": 1}, "m": [1, 256]})),
        "m[1]: 256 does not fit in i8"
    );
    assert_eq!(
        e(serde_json::json!([{"n": 7, "alpha": 1}])),
        "input: `@f` takes 2 arguments, got 1"
    );
}

#[test]
fn results_come_back_in_structure() {
    let f = abi_of("func.func @g() -> (i1, f32, i32) attributes {iree.abi = \"{\\\"a\\\": [], \\\"r\\\": [[\\\"named\\\", \\\"ok\\\", \\\"i1\\\"], [\\\"named\\\", \\\"pair\\\", [\\\"stuple\\\", \\\"f32\\\", \\\"i32\\\"]]]}\"} {\n  %t = arith.constant true\n  %x = arith.constant 0.1 : f32\n  %n = arith.constant -3 : i32\n  func.return %t, %x, %n : i1, f32, i32\n}\n");
    let returned = [
        Returned::Scalar(Value::Int { bits: 1, value: -1 }),
        Returned::Scalar(Value::F32(0.1)),
        Returned::Scalar(Value::Int {
            bits: 32,
            value: -3,
        }),
    ];
    let (json, paths) = results(&f, &returned).expect("maps");
    assert_eq!(json.to_string(), r#"{"ok":true,"pair":[0.1,-3]}"#);
    assert_eq!(paths, ["ok", "pair[0]", "pair[1]"]);
    let nan = Returned::MemRef {
        elem: Scalar::F32,
        sizes: vec![2, 1],
        elements: Some(vec![
            u128::from(f32::NAN.to_bits()),
            u128::from(2.5f32.to_bits()),
        ]),
    };
    assert_eq!(returned_json(&nan).to_string(), r#"[["nan"],[2.5]]"#);
}
