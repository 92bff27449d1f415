//! Which rule to blame for a counterexample. A shrunk program that kiln miscompiles is only
//! half an answer for a rule author: the lowering of even a three-line program fires a few
//! dozen rules. This lowers the program once to learn which rules fired, then checks it again
//! without each of them in turn and ranks them by what the removal does:
//!
//! 1. the rule is unsound on its own: the rule-by-rule check (`rules.rs`) finds inputs on
//!    which its two sides differ (this convicts a rule the program cannot be lowered
//!    without, which leaving it out cannot);
//! 2. the program passes without the rule: the rule (or its composition with the rules it
//!    feeds) is what goes wrong;
//! 3. it still fails, but differently: the rule takes part in the wrong result;
//! 4. it can no longer be lowered: the rule is needed, and nothing can be said of it;
//! 5. it fails exactly as before: the rule is very likely innocent.
//!
//! Within a rank, a rule that fired fewer times comes first (a rule that fires everywhere
//! and is wrong would break every program, not only this one).

use super::{Failure, Program, Verifier};
use kiln_driver::{check_source, lower_file, CompiledRules, Database, LowerOptions};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// What checking the counterexample without a rule showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// The rule-by-rule check finds the rule unsound (the counterexample is kept).
    UnsoundAlone,
    /// Without the rule the program passes.
    PassesWithout,
    /// Without the rule the program still fails, with another failure.
    ChangesWithout,
    /// Without the rule the program cannot be lowered (or compiled).
    Needed,
    /// Without the rule the program fails the same way.
    SameWithout,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::UnsoundAlone => "unsound on its own",
            Verdict::PassesWithout => "the program passes without it",
            Verdict::ChangesWithout => "without it the program fails differently",
            Verdict::Needed => "needed to lower the program",
            Verdict::SameWithout => "the program fails the same without it",
        })
    }
}

/// A rule that fired on the counterexample, with what removing it showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suspect {
    /// The rule's name.
    pub rule: String,
    /// `path:line:col` of the rule.
    pub place: String,
    /// How many times it applied while lowering the counterexample.
    pub applied: usize,
    /// What checking the rule alone, or the counterexample without it, showed (the rank).
    pub verdict: Verdict,
    /// For [`Verdict::UnsoundAlone`], the rule-by-rule counterexample.
    pub detail: Option<String>,
}

impl fmt::Display for Suspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}, applied {}×): {}",
            self.rule, self.place, self.applied, self.verdict
        )?;
        match &self.detail {
            Some(d) => write!(f, ": {d}"),
            None => Ok(()),
        }
    }
}

/// The rules that applied while lowering `text`, with how often (summed over functions
/// and phases; a reversed direction counts for its rule).
pub fn fired_rules(rules: &CompiledRules, text: &str) -> BTreeMap<String, usize> {
    let db = Database::new();
    let (file, _) = check_source(&db, "blame.mlir", text);
    let mut out = BTreeMap::new();
    for f in lower_file(&db, file, rules, &LowerOptions::default(), None) {
        for phase in &f.outcome.stats.phases {
            for (name, n) in &phase.applied {
                if *n > 0 {
                    let name = name.strip_suffix(" (reversed)").unwrap_or(name);
                    *out.entry(name.to_string()).or_insert(0) += n;
                }
            }
        }
    }
    out
}

/// Random instantiations the rule-by-rule check tries per fired rule.
const ALONE_SAMPLES: usize = 40;

/// A copy of the rules without the rule `name` (both its directions).
fn without(rules: &CompiledRules, name: &str) -> CompiledRules {
    let mut set = (*rules.rules).clone();
    set.rules.retain(|r| r.name != name);
    CompiledRules::new(Arc::new(set))
}

/// Ranks the rules that fired on a failing program, most suspicious first; `failure` is
/// how it fails with every rule. At most `budget` rules are tried (the rest are not listed).
pub fn blame(
    verifier: &Verifier,
    p: &Program,
    seed: u64,
    failure: &Failure,
    budget: usize,
) -> Vec<Suspect> {
    let fired = fired_rules(&verifier.rules, &p.text());
    let mut out = Vec::new();
    for (rule, applied) in fired.into_iter().take(budget) {
        let decl = verifier.rules.rules.rules.iter().find(|r| r.name == rule);
        let place = decl.map_or_else(
            || "<rules>".to_string(),
            |r| verifier.rules.rules.describe(r.loc),
        );
        let alone = decl.and_then(|r| {
            super::rules::check_one(&verifier.rules, r, ALONE_SAMPLES, seed)
                .failures
                .into_iter()
                .next()
        });
        if let Some(f) = alone {
            out.push(Suspect {
                rule,
                place,
                applied,
                verdict: Verdict::UnsoundAlone,
                detail: Some(f.message),
            });
            continue;
        }
        let again = Verifier {
            rules: Arc::new(without(&verifier.rules, &rule)),
            against: verifier.against,
        };
        let verdict = match again.check(p, seed) {
            Ok(()) => Verdict::PassesWithout,
            Err(Failure::Lowering(_) | Failure::Generator(_)) => Verdict::Needed,
            Err(f) if &f == failure => Verdict::SameWithout,
            Err(_) => Verdict::ChangesWithout,
        };
        out.push(Suspect {
            rule,
            place,
            applied,
            verdict,
            detail: None,
        });
    }
    out.sort_by(|a, b| (a.verdict, a.applied, &a.rule).cmp(&(b.verdict, b.applied, &b.rule)));
    out
}
