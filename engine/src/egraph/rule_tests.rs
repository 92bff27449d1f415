//! Running the inline `test NAME { INPUT => EXPECTED }` blocks of rule files: both terms go
//! into one e-graph, every phase runs with its limits, and the test passes when the two
//! terms end in the same e-class and no phase stopped at a limit: a test whose phase ran
//! out of iterations or nodes proves nothing about the rules (the same input in a real
//! function would fail to lower), so it fails even when the two terms did meet.

use crate::egraph::analysis::Analysis;
use crate::egraph::extract::{build_extractor, Graph};
use crate::egraph::lower::Stop;
use crate::egraph::lower::{run_phase, CompiledRules};
use crate::rule::ruleset::{RuleLoc, RuleTest};

/// How one inline test went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestOutcome {
    /// The test's name.
    pub name: String,
    /// Where the test's name is.
    pub loc: RuleLoc,
    /// `None` when the test passed; otherwise why it failed.
    pub failure: Option<String>,
}

/// Runs every inline test of the rule set, in declaration order.
pub fn run_inline_tests(rules: &CompiledRules) -> Vec<TestOutcome> {
    rules
        .rules
        .tests
        .iter()
        .map(|t| TestOutcome {
            name: t.name.clone(),
            loc: t.loc,
            failure: run_one(rules, t).err(),
        })
        .collect()
}

fn run_one(rules: &CompiledRules, t: &RuleTest) -> Result<(), String> {
    let mut egraph = Graph::new(Analysis::new(rules.ops.clone()));
    let (Some(input), Some(expected)) = (
        rules.functions.add_pat(&mut egraph, &t.input),
        rules.functions.add_pat(&mut egraph, &t.expected),
    ) else {
        return Err("a function in the test's terms has no clause for its arguments".to_string());
    };
    let mut limits = Vec::new();
    for (i, phase) in rules.rules.phases.iter().enumerate() {
        let run = run_phase(rules, i, egraph);
        if run.stop != Stop::Saturated {
            limits.push(format!(
                "phase `{}` stopped at its {}",
                phase.name, run.stop
            ));
        }
        egraph = run.egraph;
    }
    if egraph.find(input) == egraph.find(expected) {
        if limits.is_empty() {
            return Ok(());
        }
        return Err(format!(
            "the input reached the expected term, but {}",
            limits.join(", ")
        ));
    }
    let extractor = build_extractor(&egraph, rules.ops.clone());
    let mut msg = if let Some((_, best)) = extractor.find_best(input) {
        format!(
            "expected `{}`, but the input lowers to `{best}`",
            t.expected
        )
    } else {
        let (_, any) = egg::Extractor::new(&egraph, egg::AstSize).find_best(input);
        format!(
            "expected `{}`, but the input has no target-level form (smallest: `{any}`)",
            t.expected
        )
    };
    if !limits.is_empty() {
        msg.push_str(&format!(" ({})", limits.join(", ")));
    }
    Err(msg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::{load_rules, RuleSource};
    use std::sync::Arc;

    fn outcomes(text: &str) -> Vec<(String, Option<String>)> {
        let loaded = load_rules(vec![RuleSource {
            path: "t.rules".into(),
            text: text.into(),
        }]);
        assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
        let rules = CompiledRules::new(Arc::new(loaded.rules));
        run_inline_tests(&rules)
            .into_iter()
            .map(|o| (o.name, o.failure))
            .collect()
    }

    const DECLS: &str = "decl a: source () -> Value\ndecl f: source (Value) -> Value\n\
                         decl g: target (Value) -> Value\ndecl h: target (Value) -> Value\n\
                         decl k: target (Lit) -> Value\n";

    #[test]
    fn a_phase_at_its_limit_fails_the_test() {
        let out = outcomes(&format!(
            "{DECLS}phase p {{ iterations 3 }}\nin p {{\n rule f-g: (f ?x) => (g ?x)\n \
             rule grow: (k ?n) => (h (k {{+ ?n 1}}))\n}}\n\
             test meets {{ (f a) => (g a) }}\ntest grows {{ (f (k 0)) => (g (k 0)) }}\n"
        ));
        assert_eq!(out[0], ("meets".to_string(), None));
        let failure = out[1].1.clone().expect("the growing test fails");
        assert!(
            failure.contains("phase `p` stopped at its iteration limit (3)"),
            "{failure}"
        );
    }

    /// A guard that walks a list through the e-graph reads classes outside its match: it
    /// fails while the list's tail is unknown, and must be tried again once a rule elsewhere
    /// gives the tail its cells, although no class of its match changed (the saturation
    /// loop's confirming search, `saturate.rs`).
    #[test]
    fn a_guard_that_walks_a_list_sees_the_list_grow() {
        let out = outcomes(
            "decl a: source () -> Value\ndecl tl: source () -> List\n\
             decl f: source (List) -> Value\ndecl g: target (Value) -> Value\n\
             phase p { }\nin p {\n rule two: (f ?l) if (== (len ?l) 2) => (g a)\n \
             rule tl-is: (tl) => [a]\n}\n\
             test walks { (f [a | (tl)]) => (g a) }\n",
        );
        assert_eq!(out, vec![("walks".to_string(), None)]);
    }

    /// `nth` of a ground list of numbers is a number, as it is for a list walked through
    /// the e-graph: it compares with a literal and takes part in arithmetic.
    #[test]
    fn nth_of_a_ground_list_is_a_number() {
        let out = outcomes(&format!(
            "{DECLS}decl l: source (List) -> Value\nphase p {{ }}\nin p {{\n \
             rule seven: (l ?xs) if (== (nth ?xs 1) 7) (== (len ?xs) 3) => (k {{+ (nth ?xs 2) 1}})\n}}\n\
             test ground {{ (l [5 7 9]) => (k 10) }}\n"
        ));
        assert_eq!(out, vec![("ground".to_string(), None)]);
    }

    #[test]
    fn bit_builtins_compute() {
        let out = outcomes(&format!(
            "{DECLS}phase p {{ }}\nin p {{\n \
             rule log: (f (k ?c)) if (pow2? ?c) (lit? ?c) => (k {{+ (* 1000 (log2 ?c)) (* 100 (ctz ?c)) (popcount ?c)}})\n \
             rule not-pow2: (f (k ?c)) if (not (pow2? ?c)) => (k {{log2 ?c}})\n}}\n\
             test sixty-four {{ (f (k 64)) => (k 6601) }}\ntest twelve {{ (f (k 12)) => (k 3) }}\n"
        ));
        assert_eq!(
            out,
            vec![
                ("sixty-four".to_string(), None),
                ("twelve".to_string(), None)
            ]
        );
    }

    /// `index` states no width: a rule set gives it one (`width N` on its declaration), and
    /// without one `(width index)` has no value, so a guard reading it does not hold.
    #[test]
    fn the_width_of_index_is_the_one_its_declaration_gives() {
        let rules = |decl: &str| {
            format!(
                "{DECLS}{decl}decl i16: target () -> Type\ndecl w: source (Type) -> Value\n\
                 phase p {{ }}\nin p {{\n rule w: (w ?t) if (> (width ?t) 0) => (k {{width ?t}})\n}}\n\
                 test index {{ (w index) => (k 32) }}\ntest i16 {{ (w i16) => (k 16) }}\n"
            )
        };
        let out = outcomes(&rules("decl index: source width 32 () -> Type\n"));
        assert_eq!(
            out,
            vec![("index".to_string(), None), ("i16".to_string(), None)]
        );
        let out = outcomes(&rules("decl index: source () -> Type\n"));
        assert!(out[0].1.is_some(), "{out:?}");
        assert_eq!(out[1], ("i16".to_string(), None));
    }
}
