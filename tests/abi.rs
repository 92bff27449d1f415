//! The function-signature ABI (`docs/book/src/reference/abi.md`) end to end: `kiln abi` on
//! the corpus programs of both ABIs, `--parse-sip` / `--mangle-sip`, and structured calls
//! through `kiln run --input-json`, with results worked out by hand; every bad input class
//! is one error naming its place, with nothing run.

mod common;

use common::{kiln, stderr, stdout};

/// Runs kiln, expecting success, and returns standard output.
fn ok(args: &[&str]) -> String {
    let o = kiln(args);
    assert!(o.status.success(), "kiln {args:?} failed: {}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    stdout(&o)
}

/// Runs kiln, expecting exit code 1 with `want` in the error and nothing on stdout.
fn fails(args: &[&str], want: &str) {
    let o = kiln(args);
    assert_eq!(o.status.code(), Some(1), "kiln {args:?}: {}", stderr(&o));
    assert!(
        stderr(&o).contains(want),
        "kiln {args:?}: `{}` lacks `{want}`",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert!(
        o.stdout.is_empty(),
        "nothing is printed (or run): {}",
        stdout(&o)
    );
}

const V1: &str = "corpus/abi_reflection.mlir";
const SIP: &str = "corpus/abi_sip.mlir";

#[test]
fn abi_prints_records_as_text() {
    assert_eq!(
        ok(&["abi", V1]),
        "scale(x: ndarray<f32, 2x3>, opts: {n: i64, alpha: f32}) -> f32\n\
         pair(p: (i32, i32), ys: [i64, ndarray<i32, ?>]) -> {sum: i32, prod: i32}\n\
         total(xs: list<f64>) -> (total: f64)\n\
         plain(i32, ndarray<f32, 2x?>) -> i32\n"
    );
}

#[test]
fn abi_prints_records_as_json_lines() {
    let out = ok(&["abi", V1, "--format", "json"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(
        lines[0],
        r#"{"name":"scale","a":[["named","x",["ndarray","f32",2,2,3]],["named","opts",["sdict",["n","i64"],["alpha","f32"]]]],"r":["f32"],"v":1}"#
    );
    assert_eq!(
        lines[3],
        r#"{"name":"plain","a":["i32",["ndarray","f32",2,2,null]],"r":["i32"],"v":1}"#
    );
    for l in lines {
        let v: serde_json::Value = serde_json::from_str(l).expect("each line is JSON");
        assert_eq!(v["v"], 1);
    }
    assert_eq!(
        ok(&["abi", V1, "--func", "@total", "--format", "json"]),
        "{\"name\":\"total\",\"a\":[[\"named\",\"xs\",[\"py_homogeneous_list\",\"f64\"]]],\"r\":[[\"named\",\"total\",\"f64\"]],\"v\":1}\n"
    );
    fails(
        &["abi", V1, "--func", "helper"],
        "has no public function `@helper`",
    );
}

#[test]
fn abi_shows_sip_structure() {
    assert_eq!(
        ok(&["abi", SIP]),
        "combine(i32, i32, i32) -> (i32, i32)\n  \
         sip I26!D22!K2!a_0K2!bS9!k0_1k1_2R22!D18!K5!diff_1K4!sum_0: inputs {\"a\": _0, \"b\": [_1, _2]} results {\"diff\": _1, \"sum\": _0}\n\
         dot3(ndarray<f32, 3>, ndarray<f32, 3>) -> f32\n  \
         sip I28!D24!K5!vecsD13!K2!x_0K2!y_1R8!S5!k0_0: inputs {\"vecs\": {\"x\": _0, \"y\": _1}} results [_0]\n"
    );
    let json = ok(&["abi", SIP, "--func", "dot3", "--format", "json"]);
    assert_eq!(
        json,
        "{\"name\":\"dot3\",\"a\":[[\"ndarray\",\"f32\",1,3],[\"ndarray\",\"f32\",1,3]],\"r\":[\"f32\"],\"v\":1,\"abi\":\"sip\",\"sip\":\"I28!D24!K5!vecsD13!K2!x_0K2!y_1R8!S5!k0_0\"}\n"
    );
}

#[test]
fn abi_parse_sip_prints_index_paths() {
    assert_eq!(
        ok(&[
            "abi",
            "--parse-sip",
            "I26!D22!K2!aS9!k0_0k1_1K2!b_2R8!S5!k0_0"
        ]),
        "input _0 [\"a\", 0]\ninput _1 [\"a\", 1]\ninput _2 [\"b\"]\nresult _0 [0]\n"
    );
    assert_eq!(
        ok(&["abi", "--parse-sip", "I23!D19!K3!é_0K7!日本_1R3!_0"]),
        "input _0 [\"é\"]\ninput _1 [\"日本\"]\nresult _0 []\n"
    );
    let json = ok(&[
        "abi",
        "--parse-sip",
        "I17!D13!K2!b_0K2!a_1R3!_0",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["canonical"], "I17!D13!K2!a_1K2!b_0R3!_0");
    assert_eq!(v["text"], "inputs {\"a\": _1, \"b\": _0} results _0");
    assert_eq!(v["inputs"], serde_json::json!({"a": 1, "b": 0}));
}

#[test]
fn abi_parse_sip_errors_name_the_byte() {
    fails(
        &["abi", "--parse-sip", "I3_0R3!_0"],
        "malformed sip signature at byte 2: expected `!` after the length 3, found `_`",
    );
    fails(
        &["abi", "--parse-sip", "I0!_0R3!_0"],
        "at byte 1: bad length 0",
    );
    fails(&["abi", "--parse-sip", "I3!_0R3!"], "at byte 6: truncated");
    fails(
        &["abi", "--parse-sip", "I3!Q0R3!_0"],
        "at byte 3: unknown tag `Q`",
    );
    fails(
        &["abi", "--parse-sip", "I12!S9!k0_0k0_1R3!_0"],
        "at byte 11: key k0 appears twice",
    );
    let o = kiln(&["--error-format", "json", "abi", "--parse-sip", "I3!_0"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stderr(&o).trim()).expect("a JSON error");
    assert_eq!(v["code"], "abi.sip");
}

#[test]
fn abi_mangle_sip_builds_signatures() {
    assert_eq!(
        ok(&[
            "abi",
            "--mangle-sip",
            r#"{"inputs": {"a": [0, 1], "b": 2}, "results": [0]}"#
        ]),
        "I26!D22!K2!aS9!k0_0k1_1K2!b_2R8!S5!k0_0\n"
    );
    assert_eq!(
        ok(&[
            "abi",
            "--mangle-sip",
            r#"{"inputs": {"$seq": [[-1, 0], [12, 1], [345, 10]]}, "results": 0}"#
        ]),
        "I22!S18!k-1_0k12_1k345_10R3!_0\n"
    );
    assert_eq!(
        ok(&["abi", "--mangle-sip", r#"{"inputs": [], "results": []}"#]),
        "I4!S1!R4!S1!\n"
    );
    fails(
        &[
            "abi",
            "--mangle-sip",
            r#"{"inputs": {"a": "x"}, "results": 0}"#,
        ],
        "inputs.a: expected a raw index, an array or an object, got a string",
    );
    fails(
        &["abi", "--mangle-sip", r#"{"inputs": [0]}"#],
        "`results` is missing",
    );
    fails(
        &["abi", "--mangle-sip", r#"{"inputs": [0"#],
        "not valid JSON",
    );
}

fn run_json(file: &str, entry: &str, input: &str) -> String {
    ok(&[
        "run",
        file,
        "--entry",
        entry,
        "--input-json",
        input,
        "--output",
        "json",
    ])
}

#[test]
fn run_binds_named_arguments_by_keyword_and_position() {
    // (x[0][0] + x[1][2]) * alpha + n = (1 + 6) * 0.5 + 10.
    let by_key = r#"{"x": [[1, 2, 3], [4, 5, 6]], "opts": {"alpha": 0.5, "n": 10}}"#;
    assert_eq!(run_json(V1, "scale", by_key), "[13.5]\n");
    let by_position = r#"[[[1, 2, 3], [4, 5, 6]], {"n": 10, "alpha": 0.5}]"#;
    assert_eq!(run_json(V1, "scale", by_position), "[13.5]\n");
    assert_eq!(
        ok(&["run", V1, "--entry", "scale", "--input-json", by_key]),
        "[0]: 13.5\nargument x: memref<2x3xf32> [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]\n"
    );
}

#[test]
fn run_binds_tuples_lists_and_returns_dicts() {
    // prod = 3 * 4, sum = 3 + 4 + 5 + 6.
    assert_eq!(
        run_json(V1, "pair", r#"{"p": [3, 4], "ys": [5, [6, 7]]}"#),
        "[{\"prod\":12,\"sum\":18}]\n"
    );
    assert_eq!(
        run_json(V1, "total", r#"{"xs": [1.5, 2.5, 3]}"#),
        "{\"total\":7.0}\n"
    );
    assert_eq!(run_json(V1, "total", r#"{"xs": []}"#), "{\"total\":0.0}\n");
    assert_eq!(run_json(V1, "plain", "[41, [[0.5], [1.5]]]"), "[42]\n");
    assert_eq!(
        ok(&[
            "run",
            V1,
            "--entry",
            "pair",
            "--input-json",
            r#"{"p": [3, 4], "ys": [5, [6, 7]]}"#
        ]),
        "[0].prod: 12\n[0].sum: 18\nargument ys[1]: memref<2xi32> [6, 7]\n"
    );
}

#[test]
fn run_binds_sip_structures() {
    // sum = 10 + 3 + 4, diff = 10 - 3 - 4.
    assert_eq!(
        run_json(SIP, "combine", r#"{"a": 10, "b": [3, 4]}"#),
        "{\"diff\":3,\"sum\":17}\n"
    );
    assert_eq!(
        ok(&[
            "run",
            SIP,
            "--entry",
            "combine",
            "--input-json",
            r#"{"b": [3, 4], "a": 10}"#
        ]),
        "sum: 17\ndiff: 3\n"
    );
    // 1*4 + 2*5 + 3*6.
    assert_eq!(
        run_json(SIP, "dot3", r#"{"vecs": {"x": [1, 2, 3], "y": [4, 5, 6]}}"#),
        "[32.0]\n"
    );
}

#[test]
fn run_reads_input_from_a_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = dir.path().join("in.json");
    std::fs::write(&p, r#"{"a": -1, "b": [0, 2147483647]}"#).expect("written");
    let arg = format!("@{}", p.display());
    // -1 + 0 + 2^31-1 and -1 - 0 - (2^31-1), both in range.
    assert_eq!(
        run_json(SIP, "combine", &arg),
        "{\"diff\":-2147483648,\"sum\":2147483646}\n"
    );
    fails(
        &[
            "run",
            SIP,
            "--entry",
            "combine",
            "--input-json",
            "@/nonexistent/in.json",
        ],
        "cannot read",
    );
}

#[test]
fn run_input_errors_name_the_path_and_run_nothing() {
    let scale = |input: &str, want: &str| {
        fails(
            &["run", V1, "--entry", "scale", "--input-json", input],
            want,
        )
    };
    scale(
        r#"{"x": [[1,2,3],[4,5,6]], "opts": {"alpha": "half", "n": 1}}"#,
        "opts.alpha: expected f32, got a string",
    );
    scale(
        r#"[[[1,2,3],[4,5,6]]]"#,
        "input: `@scale` takes 2 arguments, got 1",
    );
    scale(
        r#"{"x": [[1,2,3],[4,5,6]]}"#,
        "input: missing argument `opts`",
    );
    scale(
        r#"{"x": [[1,2,3],[4,5,6]], "opts": {"alpha": 1, "n": 1}, "zeta": 0}"#,
        "zeta: `@scale` has no argument named `zeta`",
    );
    scale(
        r#"{"x": [[1,2],[4,5]], "opts": {"alpha": 1, "n": 1}}"#,
        "x: expected ndarray<f32, 2x3> (dim 1 is 3), got 2 elements there",
    );
    scale(
        r#"{"x": [[1,2,3],[4,5]], "opts": {"alpha": 1, "n": 1}}"#,
        "x[1]: expected 3 elements like its neighbours",
    );
    scale(
        r#"{"x": [[1,2,3],[4,5,6]], "opts": {"alpha": 1}}"#,
        "opts: missing key `n`",
    );
    scale(
        r#"{"x": [[1,2,3],[4,5,6]], "opts": {"alpha": 1, "n": 1, "m": 2}}"#,
        "opts.m: unexpected key",
    );
    scale(
        r#"{"x": [[1,2,3],[4,5,6]], "opts": {"alpha": 1e39, "n": 1}}"#,
        "opts.alpha: 1e+39 does not fit in f32",
    );
    scale(
        r#"{"x": [[1,2,3],[4,5,6]], "opts": {"alpha": 1, "n": 1.5}}"#,
        "opts.n: expected i64, got 1.5",
    );
    scale(
        r#"{"x": [[1,2,3],[4,"5",6]], "opts": {"alpha": 1, "n": 1}}"#,
        "x[1][1]: expected f32, got a string",
    );
    scale(
        r#""hello""#,
        "input: expected the arguments as an array or an object, got a string",
    );
    scale(r#"{"x": "#, "not valid JSON");
    let pair = |input: &str, want: &str| {
        fails(&["run", V1, "--entry", "pair", "--input-json", input], want)
    };
    pair(
        r#"{"p": [3, 5000000000], "ys": [5, [6]]}"#,
        "p[1]: 5000000000 does not fit in i32",
    );
    pair(
        r#"{"p": [3], "ys": [5, [6]]}"#,
        "p: expected 2 elements ((i32, i32)), got 1",
    );
    pair(
        r#"{"p": [3, 4], "ys": [5, 6]}"#,
        "ys[1]: expected an array (a rank-1 ndarray), got a number",
    );
    let plain = |input: &str, want: &str| {
        fails(
            &["run", V1, "--entry", "plain", "--input-json", input],
            want,
        )
    };
    plain(
        r#"{"k": 1}"#,
        "argument 0 of `@plain` has no name, so the arguments are passed as an array",
    );
    plain(
        "[1, [[1], [2], [3]]]",
        "[1]: expected ndarray<f32, 2x?> (dim 0 is 2), got 3 elements there",
    );
    let combine = |input: &str, want: &str| {
        fails(
            &["run", SIP, "--entry", "combine", "--input-json", input],
            want,
        )
    };
    combine(r#"{"a": 1, "b": [2]}"#, "b: expected 2 elements, got 1");
    combine(
        r#"{"a": 1, "b": [2, 3], "c": 4}"#,
        "c: unexpected key (expected a, b)",
    );
    combine(r#"{"b": [2, 3]}"#, "input: missing key `a`");
    combine(
        r#"[1, 2, 3]"#,
        "input: expected an object with keys a, b, got an array",
    );
}

#[test]
fn run_json_output_needs_a_json_input() {
    let o = kiln(&[
        "run",
        V1,
        "--entry",
        "plain",
        "--output",
        "json",
        "1",
        "f32[2,1]=0,0",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = kiln(&[
        "run",
        V1,
        "--entry",
        "plain",
        "--input-json",
        "[1, [[0],[0]]]",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn objects_carry_each_exported_record() {
    let ll = ok(&["compile", V1, "--emit", "llvm-ir"]);
    let symbols: Vec<&str> = ll
        .lines()
        .filter(|l| l.starts_with("@__kiln_abi_"))
        .collect();
    assert_eq!(symbols.len(), 4, "{ll}");
    assert!(
        symbols[0].starts_with(
            "@__kiln_abi_scale = constant [134 x i8] c\"{\\22name\\22:\\22scale\\22,\\22a\\22:"
        ),
        "{}",
        symbols[0]
    );
    assert!(
        !ll.contains("__kiln_abi_helper"),
        "private functions are not exported"
    );
    let mlir = ok(&["compile", SIP, "--emit", "mlir-llvm"]);
    let head = mlir
        .lines()
        .find(|l| l.starts_with("  llvm.func @combine("))
        .expect("combine is printed");
    assert!(
        head.ends_with(" attributes {kiln.abi = \"{\\22name\\22:\\22combine\\22,\\22a\\22:[\\22i32\\22,\\22i32\\22,\\22i32\\22],\\22r\\22:[\\22i32\\22,\\22i32\\22],\\22v\\22:1,\\22abi\\22:\\22sip\\22,\\22sip\\22:\\22I26!D22!K2!a_0K2!bS9!k0_1k1_2R22!D18!K5!diff_1K4!sum_0\\22}\"} {"),
        "{head}"
    );
}
