//! The invariants ARCHITECTURE.md states, checked mechanically:
//! - each crate depends only on what its layer allows (read from its Cargo.toml), so
//!   "backend sees only the lowered form" and "frontend knows nothing of egg or LLVM" cannot
//!   silently stop being true;
//! - `kiln_lowered::TargetOp`, generated from `rules/llvm.rules`, binds exactly the `target`
//!   declarations of the shipped rules: a target declared in another rule file has no
//!   backend binding and fails here;
//! - no source file is over 1,000 lines, and no crate's modules import each other in a
//!   circle.

mod common;

use common::root;
use kiln::engine::load_rules;
use kiln::engine::Level;
use kiln::engine::TargetOp;
use kiln::shipped::shipped_rules;
use std::collections::BTreeSet;

/// The names in a manifest's `[dependencies]` table (dev- and build-dependencies are not
/// part of what the crate's library links).
fn dependencies(krate: &str) -> BTreeSet<String> {
    let path = root().join(krate).join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut deps = BTreeSet::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            if let Some(name) = line.split(['=', '.', ' ']).next() {
                deps.insert(name.trim().to_string());
            }
        }
    }
    deps
}

fn assert_none_of(krate: &str, forbidden: &[&str], why: &str) {
    let deps = dependencies(krate);
    let bad: Vec<&&str> = forbidden.iter().filter(|f| deps.contains(**f)).collect();
    assert!(
        bad.is_empty(),
        "{krate}/Cargo.toml depends on {bad:?}, but {why} (its dependencies: {deps:?})"
    );
}

#[test]
fn the_c_api_is_a_skin_over_the_driver() {
    let deps = dependencies("capi");
    let expected: BTreeSet<String> = ["kiln-driver", "tempfile"].map(String::from).into();
    assert_eq!(
        deps, expected,
        "capi/Cargo.toml: libkiln reaches kiln through the driver's facade \
         (`kiln_driver::Session`, `kiln_driver::backend::Jit`) so that the C API and the Rust \
         API cannot drift apart"
    );
}

/// What an embedding links: the driver is a library for toolchains, so it carries no
/// command line, editor, server or test-generation code.
#[test]
fn the_driver_is_a_library_for_toolchains() {
    assert_none_of(
        "driver",
        &[
            "clap",
            "indicatif",
            "notify",
            "lsp-server",
            "lsp-types",
            "quickcheck",
            "kiln-verify",
            "kiln-server",
            "libmimalloc-sys",
        ],
        "the driver is what toolchains embed (the command line and servers sit above it)",
    );
    assert_none_of(
        "abi",
        &["kiln-driver", "kiln-verify", "kiln-server", "clap"],
        "function ABIs and calls sit below the driver, which checks and emits them",
    );
    assert_none_of(
        "verify",
        &["kiln-server", "clap", "notify", "lsp-server"],
        "equivalence testing needs the driver, not the servers or the command line",
    );
    assert_none_of(
        "server",
        &["kiln-verify", "clap", "quickcheck"],
        "the servers run sessions; they neither test the lowering nor parse command lines",
    );
}

/// The Python extension is the driver, the ABI and the equivalence tester under pyo3: no
/// command line, no editor or server code, and not the `kiln` binary's allocator.
#[test]
fn python_links_the_driver_abi_and_verify_alone() {
    let deps = dependencies("python");
    let kiln: BTreeSet<&str> = deps
        .iter()
        .map(String::as_str)
        .filter(|d| d.starts_with("kiln"))
        .collect();
    assert_eq!(
        kiln,
        [
            "kiln-abi",
            "kiln-backend",
            "kiln-driver",
            "kiln-engine",
            "kiln-frontend",
            "kiln-verify"
        ]
        .into(),
        "python/Cargo.toml"
    );
    assert_none_of(
        "python",
        &[
            "kiln",
            "kiln-server",
            "clap",
            "notify",
            "lsp-server",
            "libmimalloc-sys",
        ],
        "the extension is the library crates under pyo3",
    );
}

#[test]
fn the_frontend_knows_nothing_of_egg_salsa_or_llvm() {
    assert_none_of(
        "frontend",
        &[
            "egg",
            "salsa",
            "inkwell",
            "llvm-sys",
            "kiln-lowered",
            "kiln-engine",
            "kiln-backend",
        ],
        "the frontend is the MLIR language alone",
    );
}

#[test]
fn the_lowered_form_depends_on_nothing() {
    let deps = dependencies("lowered");
    assert!(
        deps.is_empty(),
        "lowered/ is plain data, yet depends on {deps:?}"
    );
}

#[test]
fn the_engine_never_imports_llvm() {
    assert_none_of(
        "engine",
        &["inkwell", "llvm-sys", "kiln-backend"],
        "the engine ends at the lowered form",
    );
}

#[test]
fn the_backend_sees_only_the_lowered_form() {
    assert_none_of(
        "backend",
        &[
            "kiln-engine",
            "kiln-frontend",
            "egg",
            "salsa",
            "lalrpop-util",
        ],
        "the backend consumes `kiln_lowered::Lowered` and nothing else of the engine",
    );
    assert!(dependencies("backend").contains("kiln-lowered"));
}

#[test]
fn target_op_binds_exactly_the_target_declarations() {
    let loaded = load_rules(shipped_rules());
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let declared: BTreeSet<&str> = loaded
        .rules
        .decls
        .iter()
        .filter(|d| d.level == Level::Target)
        // Lists are structure, not operations: elaboration flattens them into
        // `Operand::List`.
        .filter(|d| !matches!(d.name.as_str(), "cons" | "nil"))
        .map(|d| d.name.as_str())
        .collect();
    let bound: BTreeSet<&str> = TargetOp::ALL.iter().map(|op| op.name()).collect();
    let unbound: Vec<_> = declared.difference(&bound).collect();
    let undeclared: Vec<_> = bound.difference(&declared).collect();
    assert!(
        unbound.is_empty() && undeclared.is_empty(),
        "target declarations without a TargetOp variant: {unbound:?}; \
         TargetOp variants without a declaration: {undeclared:?}"
    );
}

/// No stage recurses once per operand: a 4,000-operation dependency chain lowers on a thread
/// with a 256 KiB stack (an elaboration recursing per operand would need 1 GiB threads).
#[test]
fn a_long_dependency_chain_lowers_on_a_small_stack() {
    let mut src =
        String::from("func.func @chain(%a: i64) -> i64 {\n  %v0 = arith.addi %a, %a : i64\n");
    for i in 1..4000 {
        src.push_str(&format!("  %v{i} = arith.muli %v{}, %a : i64\n", i - 1));
    }
    src.push_str("  func.return %v3999 : i64\n}\n");
    let lowered = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let db = kiln::engine::Database::new();
            let (file, diags) = kiln::check_source(&db, "chain.mlir", &src);
            assert!(diags.is_empty(), "{diags:?}");
            let loaded = load_rules(shipped_rules());
            let rules = kiln::CompiledRules::new(std::sync::Arc::new(loaded.rules));
            kiln::lower_program(&db, file, &rules).map(|p| p[0].blocks[0].insts.len())
        })
        .expect("a thread")
        .join()
        .expect("lowering does not overflow a 256 KiB stack");
    assert!(matches!(lowered, Ok(n) if n >= 4000), "{:?}", lowered.err());
}

/// The engine's parts by concern: neither the rule language (`engine/src/rule/`) nor the
/// e-graph (`engine/src/egraph/`) reaches into salsa or the query modules, so the queries
/// sit on top of both and nothing imports back up.
#[test]
fn the_rule_language_and_the_egraph_know_no_salsa() {
    let mut offenders = Vec::new();
    for dir in ["engine/src/rule", "engine/src/egraph"] {
        let files = common::files(&root().join(dir), "rs", "");
        assert!(files.len() >= 8, "{dir} has only {files:?}");
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("//") {
                    continue;
                }
                for forbidden in ["salsa::", "crate::query", "crate::db", "crate::inputs"] {
                    if code.contains(forbidden) {
                        offenders.push(format!("{}:{}: {forbidden}", path.display(), i + 1));
                    }
                }
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

/// Two entry points check a file: `kiln_frontend::check_module` (one call, no database: the
/// frontend's own tests and the Python bindings' module builder) and the engine's
/// per-function queries (`kiln::check_source`, everything else). They must agree on every
/// corpus program and every bad input, so neither can drift.
#[test]
fn the_one_call_checker_and_the_queries_agree() {
    let mut paths = common::files(&root().join("corpus"), "mlir", "");
    paths.extend(common::files(&root().join("tests/fuzz"), "mlir", ""));
    assert!(paths.len() > 50);
    let mut disagreements = Vec::new();
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let key = |d: &kiln::Diagnostic| (d.span.start, d.span.end, d.code, d.message.clone());
        let mut direct: Vec<_> = kiln_frontend::check_module(&text)
            .diagnostics
            .iter()
            .map(key)
            .collect();
        let db = kiln::engine::Database::new();
        let (_, diags) = kiln::check_source(&db, "f.mlir", &text);
        let mut queried: Vec<_> = diags
            .iter()
            .filter(|d| !d.code.starts_with("abi."))
            .map(key)
            .collect();
        direct.sort();
        queried.sort();
        if direct != queried {
            disagreements.push(format!(
                "{}:\n  check_module: {direct:?}\n  queries:      {queried:?}",
                path.display()
            ));
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

/// The modules a crate's source refers to from each of its top-level modules (`crate::x`
/// paths and `use crate::{x, y}` groups, outside comments and `mod tests`), by module name
/// (`lib.rs` and `main.rs` are `crate`).
fn module_graph(src: &str) -> std::collections::BTreeMap<String, BTreeSet<String>> {
    let dir = root().join(src);
    let mut graph: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{d:?}: {e}"));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(&dir).unwrap_or(&path);
            let first = relative
                .components()
                .next()
                .map(|c| {
                    c.as_os_str()
                        .to_string_lossy()
                        .trim_end_matches(".rs")
                        .to_string()
                })
                .unwrap_or_default();
            let module = if first == "lib" || first == "main" {
                "crate".to_string()
            } else {
                first
            };
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let text = text
                .split("#[cfg(test)]\nmod tests")
                .next()
                .unwrap_or_default();
            let code: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            let refs = graph.entry(module.clone()).or_default();
            for (at, _) in code.match_indices("crate::") {
                let rest = &code[at + "crate::".len()..];
                if let Some(group) = rest.strip_prefix('{') {
                    // The group's top-level names: `{a::b, c::{d, e}, f}` → a, c, f.
                    let (mut depth, mut start) = (0, 0);
                    for (i, ch) in group.char_indices() {
                        match ch {
                            '{' => depth += 1,
                            '}' if depth == 0 => {
                                refs.insert(head(&group[start..i]));
                                break;
                            }
                            '}' => depth -= 1,
                            ',' if depth == 0 => {
                                refs.insert(head(&group[start..i]));
                                start = i + 1;
                            }
                            _ => {}
                        }
                    }
                } else {
                    refs.insert(head(rest));
                }
            }
            refs.remove(&module);
            refs.remove("");
        }
    }
    graph
}

/// The leading identifier of a path.
fn head(path: &str) -> String {
    path.trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The import circles of a module graph: its strongly connected components of more than
/// one module (Tarjan's algorithm), each sorted, in order.
fn circles(graph: &std::collections::BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a std::collections::BTreeMap<String, BTreeSet<String>>,
        index: std::collections::HashMap<&'a str, usize>,
        low: std::collections::HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        for u in w.graph.get(v).into_iter().flatten() {
            let Some((u, _)) = w.graph.get_key_value(u.as_str()) else {
                continue;
            };
            if !w.index.contains_key(u.as_str()) {
                visit(w, u);
                let low = w.low[u.as_str()].min(w.low[v]);
                w.low.insert(v, low);
            } else if w.stack.contains(&u.as_str()) {
                let low = w.index[u.as_str()].min(w.low[v]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut component = Vec::new();
            while let Some(u) = w.stack.pop() {
                component.push(u.to_string());
                if u == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                w.out.push(component);
            }
        }
    }
    let mut w = Walk {
        graph,
        index: Default::default(),
        low: Default::default(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.out.sort();
    w.out
}

/// No crate's modules import each other in a circle, so each crate reads bottom-up (a
/// module depends only on modules below it).
#[test]
fn no_crate_imports_in_a_circle() {
    for src in [
        "lowered/src",
        "frontend/src",
        "engine/src",
        "backend/src",
        "abi/src",
        "driver/src",
        "verify/src",
        "server/src",
        "src",
        "capi/src",
        "python/src",
    ] {
        let found = circles(&module_graph(src));
        assert!(
            found.is_empty(),
            "the modules of {src} import in circles: {found:?}"
        );
    }
    // The checker finds a circle where there is one.
    let mut graph: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    graph.insert("a".into(), ["b".to_string()].into());
    graph.insert("b".into(), ["c".to_string()].into());
    graph.insert("c".into(), ["a".to_string()].into());
    graph.insert("d".into(), ["a".to_string()].into());
    assert_eq!(circles(&graph), [["a", "b", "c"]]);
}

/// The backend's three parts: code generation (the top-level modules) depends on neither
/// object assembly (`object/`) nor the JIT (`jit/`), and those two do not depend on each
/// other, so the JIT's fork and signal machinery stays out of every compile.
#[test]
fn the_backends_object_assembly_and_jit_are_apart() {
    let graph = module_graph("backend/src");
    for (module, uses) in &graph {
        let part = |m: &str| match m {
            "object" | "jit" => m.to_string(),
            _ => "codegen".to_string(),
        };
        if module == "crate" {
            continue;
        }
        for used in uses.iter().filter(|u| u.as_str() != "crate") {
            let (from, to) = (part(module), part(used));
            assert!(
                from == to || to == "codegen",
                "backend/src/{module} ({from}) uses crate::{used} ({to})"
            );
        }
    }
    assert!(graph.contains_key("object") && graph.contains_key("jit"));
}

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{d:?}: {e}"));
        for p in entries.flatten().map(|e| e.path()) {
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `src/main.rs` is a dispatcher: the clap definitions of the subcommands' arguments live in
/// `src/cmd/args.rs`, each command in `src/cmd/`.
#[test]
fn main_is_a_dispatcher() {
    let text = std::fs::read_to_string(root().join("src/main.rs")).expect("src/main.rs");
    let lines = text.lines().count();
    assert!(lines <= 300, "src/main.rs has {lines} lines");
}

/// The engine passes state between its stages explicitly: a thread-local there is a cache
/// of what is recomputed when it is missing (interned names, decoded memref types), never a
/// side channel from one stage to the next.
#[test]
fn the_engine_keeps_no_state_in_thread_locals() {
    const CACHES: [&str; 3] = ["INTERNED", "TEXTS", "DECODED"];
    let mut found = Vec::new();
    for path in rust_files(&root().join("engine/src")) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("thread_local!") {
            rest = &rest[at + "thread_local!".len()..];
            let Some(s) = rest.find("static ") else { break };
            let name: String = rest[s + "static ".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !CACHES.contains(&name.as_str()) {
                found.push(format!("{}: {name}", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "thread-locals that are not caches: {found:?}"
    );
}

/// Source files are read in one sitting: none is over 1,000 lines (Rust, rules, the grammar,
/// scripts and the C header; `vendor/` is egg's own). A file that grows past it is split by
/// concern, as `frontend/src/builder/` is.
#[test]
fn no_source_file_is_over_a_thousand_lines() {
    fn walk(dir: &std::path::Path, out: &mut Vec<(usize, String)>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if p.is_dir() {
                if !matches!(
                    name,
                    "vendor" | "target" | ".git" | ".venv" | "node_modules"
                ) && !name.starts_with('.')
                {
                    walk(&p, out);
                }
                continue;
            }
            let source = matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("rs" | "rules" | "lalrpop" | "sh" | "c" | "h")
            );
            if source {
                let lines = std::fs::read_to_string(&p).map_or(0, |t| t.lines().count());
                if lines > 1000 {
                    out.push((lines, p.display().to_string()));
                }
            }
        }
    }
    let mut long = Vec::new();
    walk(&root(), &mut long);
    assert!(long.is_empty(), "files over 1,000 lines: {long:?}");
}
