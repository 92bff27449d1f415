//! Running the inline `test NAME { INPUT => EXPECTED }` blocks of rule files: both terms go
//! into one e-graph, every phase runs with its limits, and the test passes when the two
//! terms end in the same e-class.

use crate::analysis::Analysis;
use crate::apply::build_pattern;
use crate::extract::{build_extractor, Graph};
use crate::lower::Stop;
use crate::lower::{run_phase, CompiledRules};
use crate::rule::ruleset::{RuleLoc, RuleTest};
use egg::Subst;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestOutcome {
    pub name: String,
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
    let input = egraph.add_instantiation(&build_pattern(&t.input), &Subst::default());
    let expected = egraph.add_instantiation(&build_pattern(&t.expected), &Subst::default());
    let mut limits = Vec::new();
    for (i, phase) in rules.rules.phases.iter().enumerate() {
        let run = run_phase(rules, i, egraph);
        if run.stop != Stop::Saturated {
            limits.push(format!("phase `{}` hit a limit", phase.name));
        }
        egraph = run.egraph;
    }
    if egraph.find(input) == egraph.find(expected) {
        return Ok(());
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
