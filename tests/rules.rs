//! Rule-language tests, one test per file or per rule test:
//! - `inline/<test>`: every `test` block of the shipped `rules/` passes.
//! - `rules-fail/<file>`: each file under `tests/rules/fail/`, loaded together with the
//!   shipped rules, produces exactly the `; error: LINE:COL: MESSAGE` and
//!   `; warning: LINE:COL: MESSAGE` lines at its top (and the shipped files stay clean).
//! - `rules-lint/<file>`: likewise for `tests/rules/lint/`, with the authoring warnings of
//!   `kiln rules check` (engine/src/rule/lint.rs); the shipped rules have none.
//! - `let-is-substitution`: (quickcheck) a template `(let ?x V B)` checks to exactly what
//!   `B` with `V` written in for `?x` does.
//! - `cookbook/<n>`: each ```rules block of the rule-language reference's cookbook loads with the
//!   shipped rules without diagnostics or warnings, and its tests pass.
//! - `lowered/<program>`: lowering every corpus program with the shipped rules gives
//!   exactly `tests/golden/lowered/<program>.lowered` — the lowered form, or the located
//!   errors for programs whose conventions are not yet rules (`KILN_BLESS=1` rewrites the
//!   golden files). Lowering twice gives the same bytes.
//! - `without/<convention>.rules`: with one convention's rule file deleted, exactly the
//!   corpus programs that need the convention fail, each with "no rule lowers" errors.

use kiln::engine::{load_rules, RuleSource};
use kiln::shipped::{shipped_rules, SHIPPED};
use kiln::{CompiledRules, Database, LowerOptions};
mod common;

use common::{corpus_programs, files, root};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn compiled() -> Arc<CompiledRules> {
    let loaded = load_rules(shipped_rules());
    assert!(
        loaded.diagnostics.is_empty(),
        "the shipped rules have diagnostics: {:?}",
        loaded.diagnostics
    );
    let lints = kiln::engine::lint(&loaded.rules);
    assert!(
        lints.is_empty(),
        "the shipped rules have warnings (`kiln rules check --deny-warnings`): {lints:?}"
    );
    Arc::new(CompiledRules::new(Arc::new(loaded.rules)))
}

fn fail_trial(path: PathBuf, lint: bool) -> Result<(), Failed> {
    let text = std::fs::read_to_string(&path)?;
    let expected: Vec<String> = text
        .lines()
        .filter_map(|l| {
            l.strip_prefix("; error: ")
                .map(|m| format!("error: {m}"))
                .or_else(|| {
                    l.strip_prefix("; warning: ")
                        .map(|m| format!("warning: {m}"))
                })
        })
        .collect();
    if expected.is_empty() {
        return Err("the file states no expected diagnostic".into());
    }
    let mut sources = shipped_rules();
    sources.push(RuleSource {
        path: path.display().to_string(),
        text: text.clone(),
    });
    let fail_index = sources.len() - 1;
    let loaded = load_rules(sources);
    let mut diagnostics = loaded.diagnostics.clone();
    if lint {
        diagnostics.extend(kiln::engine::lint(&loaded.rules));
        diagnostics.sort_by_key(|d| (d.file, d.diagnostic.span.start, d.diagnostic.span.end));
    }
    let mut actual = Vec::new();
    for d in &diagnostics {
        if d.file != fail_index {
            return Err(format!("a diagnostic in a shipped file: {}", d.diagnostic.message).into());
        }
        let kind = if d.diagnostic.is_error() {
            "error"
        } else {
            "warning"
        };
        actual.push(format!("{kind}: {}", d.diagnostic.located(&text)));
    }
    if actual != expected {
        return Err(format!(
            "expected:\n  {}\nactual:\n  {}",
            expected.join("\n  "),
            actual.join("\n  ")
        )
        .into());
    }
    Ok(())
}

/// A small value term from `bytes` over `?a`, `?x` (when `with_x`) and constants.
fn random_term(bytes: &mut std::slice::Iter<'_, u8>, depth: usize, with_x: bool) -> String {
    let b = bytes.next().copied().unwrap_or(0);
    match b % 4 {
        0 if depth > 0 => format!(
            "(add {} {})",
            random_term(bytes, depth - 1, with_x),
            random_term(bytes, depth - 1, with_x)
        ),
        1 if with_x => "?x".to_string(),
        2 => format!("(k {})", b / 4),
        _ => "?a".to_string(),
    }
}

/// `(let ?x V B)` checks to exactly what `B` with `V` written in for `?x` checks to.
fn let_is_substitution(bytes: Vec<u8>) -> bool {
    let mut it = bytes.iter();
    let body = random_term(&mut it, 4, true);
    let value = random_term(&mut it, 3, false);
    let rhs_of = |template: &str| {
        let text = format!(
            "decl f: source (Value) -> Value\ndecl add: target (Value Value) -> Value\n\
             decl k: target (Lit) -> Value\nphase p {{}}\nin p {{\n  ;; r\n  rule r: (f ?a) => {template}\n}}\n"
        );
        let loaded = load_rules(vec![RuleSource {
            path: "p.rules".into(),
            text,
        }]);
        loaded.rules.rules.first().map(|r| r.rhs.clone())
    };
    let with_let = rhs_of(&format!("(let ?x {value} {body})"));
    let written_out = rhs_of(&body.replace("?x", &value));
    with_let.is_some() && with_let == written_out
}

/// The ```rules blocks of the cookbook in the book's rule-language reference.
fn cookbook_blocks() -> Vec<String> {
    let path = root().join("docs/book/src/reference/rules.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```rules") => current = Some(String::new()),
            (Some(b), "```") => {
                blocks.push(std::mem::take(b));
                current = None;
            }
            (Some(b), l) => {
                b.push_str(l);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(
        !blocks.is_empty(),
        "{} has no ```rules blocks",
        path.display()
    );
    blocks
}

/// A cookbook recipe loads with the shipped rules without a diagnostic or warning, and
/// its tests pass.
fn cookbook_trial(block: String) -> Result<(), Failed> {
    let mut sources = shipped_rules();
    sources.push(RuleSource {
        path: "cookbook.rules".into(),
        text: block,
    });
    let loaded = load_rules(sources);
    let mut diags = loaded.diagnostics.clone();
    diags.extend(kiln::engine::lint(&loaded.rules));
    if let Some(d) = diags.first() {
        return Err(format!("the recipe has diagnostics: {}", d.diagnostic.message).into());
    }
    let last = loaded.rules.files.len() - 1;
    let compiled = CompiledRules::new(Arc::new(loaded.rules));
    let outcomes = kiln::engine::run_inline_tests(&compiled);
    let mine: Vec<_> = outcomes.iter().filter(|o| o.loc.file == last).collect();
    if mine.is_empty() {
        return Err("the recipe has no test".into());
    }
    for o in mine {
        if let Some(why) = &o.failure {
            return Err(format!("test `{}`: {why}", o.name).into());
        }
    }
    Ok(())
}

fn lower_text(rules: &CompiledRules, path: &Path) -> Result<String, Failed> {
    let text = std::fs::read_to_string(path)?;
    let db = Database::new();
    let (file, diags) = kiln::check_source(&db, &path.display().to_string(), &text);
    if kiln::frontend::has_errors(&diags) {
        return Err(format!("the program has errors: {diags:?}").into());
    }
    let mut out = String::new();
    for f in kiln::lower_file(&db, file, rules, &LowerOptions::default(), None) {
        if let Some(l) = &f.outcome.lowered {
            out.push_str(&l.to_string());
        }
        for d in &f.outcome.diagnostics {
            out.push_str(&format!("; @{}: {}\n", f.name, d.located(&text)));
        }
        out.push('\n');
    }
    Ok(out)
}

fn lowered_trial(rules: Arc<CompiledRules>, path: PathBuf, name: String) -> Result<(), Failed> {
    let out = lower_text(&rules, &path)?;
    if lower_text(&rules, &path)? != out {
        return Err("lowering the same program twice gave different text".into());
    }
    let golden = root()
        .join("tests/golden/lowered")
        .join(format!("{name}.lowered"));
    Ok(common::golden(&golden, &out)?)
}

/// Each convention's rule file and the corpus programs that cannot lower without it.
/// The programs with ranked memrefs: both the descriptor and the argument conventions.
const RANKED_MEMREF_PROGRAMS: &[&str] = &[
    "abi_reflection.mlir",
    "abi_sip.mlir",
    "aliases.mlir",
    "bare_ptr.mlir",
    "bf16.mlir",
    "c_interface.mlir",
    "call_indirect.mlir",
    "cf_assert.mlir",
    "f16.mlir",
    "legacy/c_wrappers.mlir",
    "legacy/linearization.mlir",
    "legacy/ranked_memref.mlir",
    "llvm_dialect.mlir",
    "load_store.mlir",
    "many_params.mlir",
    "matmul.mlir",
    "memref_1d.mlir",
    "memref_2d.mlir",
    "memref_alignment.mlir",
    "memref_alloca_scope.mlir",
    "memref_atomic.mlir",
    "memref_block_args.mlir",
    "memref_copy.mlir",
    "memref_generic_atomic.mlir",
    "memref_global.mlir",
    "memref_rank_reducing.mlir",
    "memref_realloc.mlir",
    "memref_reshape.mlir",
    "memref_subview.mlir",
    "memref_transpose.mlir",
    "memref_view.mlir",
    "memref_views.mlir",
    "multi_result.mlir",
    "odd_widths.mlir",
    "param_attrs.mlir",
    "stack_dynamic.mlir",
    "stack_loop.mlir",
    "strided_4d.mlir",
    "tiled_transpose.mlir",
    "ub_poison.mlir",
    "unranked.mlir",
    "unranked_results.mlir",
];

const NEEDS: &[(&str, &[&str])] = &[
    ("bare_ptr.rules", &["bare_ptr.mlir", "param_attrs.mlir"]),
    (
        "result_packing.rules",
        &[
            "abi_reflection.mlir",
            "abi_sip.mlir",
            "arith.mlir",
            "arith_extended.mlir",
            "bare_ptr.mlir",
            "bf16.mlir",
            "c_interface.mlir",
            "call_indirect.mlir",
            "f16.mlir",
            "index.mlir",
            "legacy/result_packing.mlir",
            "loops.mlir",
            "math.mlir",
            "memref_atomic.mlir",
            "memref_copy.mlir",
            "memref_rank_reducing.mlir",
            "memref_realloc.mlir",
            "memref_reshape.mlir",
            "memref_transpose.mlir",
            "memref_view.mlir",
            "memref_views.mlir",
            "multi_result.mlir",
            "odd_widths.mlir",
            "unranked_results.mlir",
        ],
    ),
    ("memref_descriptor.rules", RANKED_MEMREF_PROGRAMS),
    ("memref_args.rules", RANKED_MEMREF_PROGRAMS),
    (
        "unranked.rules",
        &[
            "c_interface.mlir",
            "legacy/unranked_memref.mlir",
            "memref_block_args.mlir",
            "memref_copy.mlir",
            "stack_dynamic.mlir",
            "stack_loop.mlir",
            "ub_poison.mlir",
            "unranked.mlir",
            "unranked_results.mlir",
        ],
    ),
    (
        "c_interface.rules",
        &[
            "c_interface.mlir",
            "legacy/c_wrappers.mlir",
            "matmul.mlir",
            "param_attrs.mlir",
            "stack_loop.mlir",
            "unranked_results.mlir",
        ],
    ),
    // `cf.switch` lowers through `via-dups`, so switches need the file even without repeats.
    (
        "successor_dedup.rules",
        &[
            "legacy/repeated_successor.mlir",
            "llvm_func_bodies.mlir",
            "loops.mlir",
            "memref_block_args.mlir",
            "same_successor.mlir",
        ],
    ),
    (
        "linearize.rules",
        &[
            "abi_reflection.mlir",
            "abi_sip.mlir",
            "aliases.mlir",
            "bare_ptr.mlir",
            "bf16.mlir",
            "c_interface.mlir",
            "call_indirect.mlir",
            "cf_assert.mlir",
            "f16.mlir",
            "legacy/linearization.mlir",
            "llvm_dialect.mlir",
            "load_store.mlir",
            "many_params.mlir",
            "matmul.mlir",
            "memref_1d.mlir",
            "memref_2d.mlir",
            "memref_alignment.mlir",
            "memref_alloca_scope.mlir",
            "memref_atomic.mlir",
            "memref_block_args.mlir",
            "memref_copy.mlir",
            "memref_generic_atomic.mlir",
            "memref_global.mlir",
            "memref_rank_reducing.mlir",
            "memref_realloc.mlir",
            "memref_reshape.mlir",
            "memref_subview.mlir",
            "memref_transpose.mlir",
            "memref_view.mlir",
            "memref_views.mlir",
            "multi_result.mlir",
            "odd_widths.mlir",
            "param_attrs.mlir",
            "strided_4d.mlir",
            "tiled_transpose.mlir",
            "ub_poison.mlir",
            "unranked.mlir",
            "unranked_results.mlir",
        ],
    ),
];

fn without_trial(file: &str, needs: &[&str]) -> Result<(), Failed> {
    let sources: Vec<RuleSource> = shipped_rules()
        .into_iter()
        .filter(|r| !r.path.ends_with(&format!("/{file}")))
        .collect();
    let loaded = load_rules(sources);
    if loaded.has_errors() {
        return Err(format!(
            "the rules without {file} do not load: {:?}",
            loaded.diagnostics
        )
        .into());
    }
    let rules = CompiledRules::new(Arc::new(loaded.rules));
    let mut failing = Vec::new();
    for (p, name) in corpus_programs() {
        let text = std::fs::read_to_string(&p)?;
        let db = Database::new();
        let (source, _) = kiln::check_source(&db, &name, &text);
        let opts = LowerOptions::default();
        let errors: Vec<String> = kiln::lower_file(&db, source, &rules, &opts, None)
            .into_iter()
            .flat_map(|f| f.outcome.diagnostics)
            .filter(|d| d.is_error())
            .map(|d| d.message)
            .collect();
        if errors.is_empty() {
            continue;
        }
        if let Some(e) = errors.iter().find(|e| !e.starts_with("no rule lowers")) {
            return Err(format!("{name} fails without {file} with: {e}").into());
        }
        failing.push(name);
    }
    if failing != needs {
        return Err(format!("without {file}, these fail: {failing:?}; expected {needs:?}").into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let rules = compiled();
    let mut trials = Vec::new();
    for outcome in kiln::run_inline_tests(&rules) {
        let at = rules.rules.describe(outcome.loc);
        trials.push(Trial::test(
            format!("inline/{}", outcome.name),
            move || match outcome.failure {
                None => Ok(()),
                Some(why) => Err(format!("{at}: {why}").into()),
            },
        ));
    }
    for f in files(&root().join("tests/rules/fail"), "rules", "") {
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        trials.push(Trial::test(format!("rules-fail/{name}"), move || {
            fail_trial(f, false)
        }));
    }
    // The authoring warnings of `kiln rules check` (engine/src/rule/lint.rs).
    for f in files(&root().join("tests/rules/lint"), "rules", "") {
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        trials.push(Trial::test(format!("rules-lint/{name}"), move || {
            fail_trial(f, true)
        }));
    }
    for (p, name) in corpus_programs() {
        let rules = rules.clone();
        trials.push(Trial::test(format!("lowered/{name}"), move || {
            lowered_trial(rules, p, name)
        }));
    }
    for (file, needs) in NEEDS {
        trials.push(Trial::test(format!("without/{file}"), move || {
            without_trial(file, needs)
        }));
    }
    trials.push(Trial::test("let-is-substitution", || {
        quickcheck::QuickCheck::new()
            .tests(300)
            .quicktest(let_is_substitution as fn(Vec<u8>) -> bool)
            .map(|_| ())
            .map_err(|e| Failed::from(format!("{e:?}")))
    }));
    for (i, block) in cookbook_blocks().into_iter().enumerate() {
        trials.push(Trial::test(format!("cookbook/{}", i + 1), move || {
            cookbook_trial(block)
        }));
    }
    trials.push(Trial::test("shipped-list-matches-rules-dir", || {
        let names: Vec<String> = files(&root().join("rules"), "rules", "")
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        let shipped: Vec<String> = SHIPPED.iter().map(|(n, _)| n.to_string()).collect();
        if names != shipped {
            return Err(format!("rules/ has {names:?} but SHIPPED lists {shipped:?}").into());
        }
        Ok(())
    }));
    libtest_mimic::run(&args, trials).exit();
}
