use super::*;

fn load(text: &str) -> Loaded {
    load_rules(vec![RuleSource {
        path: "t.rules".into(),
        text: text.into(),
    }])
}

fn messages(l: &Loaded) -> Vec<String> {
    l.diagnostics
        .iter()
        .map(|d| d.diagnostic.located(&l.rules.files[0].text))
        .collect()
}

const DECLS: &str = "decl f: source (Type Value Value) -> Value\n\
                     decl g: target (Type Value Value) -> Value\n\
                     decl i32: target () -> Type\n\
                     phase lower { }\n";

#[test]
fn reports_every_problem_at_once() {
    let l = load(&format!(
        "{DECLS}in lower {{\n\
         rule a: (f ?t ?x) => ?x\n\
         rule b: (h ?t ?x ?y) => ?x\n\
         rule c: (f ?t ?x ?y) => (g ?t ?x ?z)\n\
         rule c: (f ?t ?x ?y) if (const? ?w) => ?x\n\
         rule e: (f ?t i32 ?y) => ?y\n\
         }}\n"
    ));
    let m = messages(&l);
    assert_eq!(
        m,
        vec![
            "6:9: `f` takes 3 operands (Type Value Value), found 2",
            "7:10: unknown operation `h`",
            "8:34: `?z` is not bound by the left side",
            "9:6: duplicate rule name `c`",
            "9:33: `?w` is not bound by the left side",
            "10:15: `i32` is a Type, but a Value is expected here",
        ],
        "{m:#?}"
    );
}

#[test]
fn identical_left_sides_warn() {
    let l = load(&format!(
        "{DECLS}in lower {{\n rule a: (f ?t ?x ?y) => (g ?t ?x ?y)\n rule b: (f ?s ?p ?q) => (g ?s ?q ?p)\n}}\n"
    ));
    assert!(!l.has_errors());
    assert_eq!(
        messages(&l),
        vec!["7:7: rules `a` and `b` have the same left side in phase `lower`"]
    );
}

#[test]
fn lists_desugar_to_cons() {
    let l = load(&format!(
        "{DECLS}in lower {{\n rule a: (f ?t ?x [?y | ?r]) => ?x\n}}\n"
    ));
    assert!(l
        .diagnostics
        .iter()
        .any(|d| d.diagnostic.message.contains("a List, but a Value")));
    let l = load(
        "decl k: target (List) -> Value\nphase p {}\nin p {\n rule a: (k [?y | ?r]) => (k ?r)\n}\n",
    );
    assert!(!l.has_errors(), "{:?}", messages(&l));
    assert_eq!(l.rules.rules[0].lhs.to_string(), "(k (cons ?y ?r))");
}

#[test]
fn a_bound_target_is_declared_with_its_backend_signature() {
    let l = load(
        "decl llvm.add: target (Type Value) -> Value\n\
         decl llvm.store: target (State Value Value) -> Effect\n\
         decl llvm.sub: target (Type Value Value) -> Value\n\
         decl llvm.fneg: target flags (Type Value) -> Value\n\
         decl llvm.sdiv: target flags (Type Value Value) -> Value\n\
         decl my.op: target (Type) -> Value\n",
    );
    assert_eq!(
        messages(&l),
        vec![
            "1:1: the backend binds `llvm.add` as `flags (Type Value Value) -> Value`, not as declared here",
            "2:1: the backend binds `llvm.store` as `effect (State Value Value) -> Effect`, not as declared here",
            "5:1: the backend binds `llvm.sdiv` as `(Type Value Value) -> Value`, not as declared here",
        ]
    );
}
