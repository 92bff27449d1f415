//! The iteration report: what each pass of a phase searched and applied, and the e-graph it
//! left (egg's runner keeps the same record as its `Iteration`s). `kiln lower --stats`
//! prints it, so a rule author sees where a rule set grows.

use super::Graph;
use std::fmt;
use std::time::{Duration, Instant};

/// Which classes a pass searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassScope {
    /// Every rule at every class (the first pass, or after one that changed most classes).
    All,
    /// The delta of semi-naive evaluation: within each rule's height of the classes the
    /// last pass changed.
    Delta,
    /// The frontier the last pass recorded: the (rule, class) pairs it may have made match.
    Frontier,
    /// The rules whose guards walk lists, at every class, before saturation is reported.
    Confirm,
}

impl fmt::Display for PassScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PassScope::All => "all",
            PassScope::Delta => "delta",
            PassScope::Frontier => "frontier",
            PassScope::Confirm => "confirm",
        })
    }
}

/// One pass of a phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pass {
    /// Which classes it searched.
    pub scope: PassScope,
    /// The (rule, class) pairs its first search tried.
    pub searched: usize,
    /// The matches it found, those of the searches that followed its applications too.
    pub matches: usize,
    /// The applications that changed the e-graph.
    pub applied: usize,
    /// The e-graph's nodes after the pass.
    pub nodes: usize,
    /// The e-graph's classes after the pass.
    pub classes: usize,
    /// How long the pass took, its rebuild included (wall clock).
    pub time: Duration,
}

/// What a phase's loop reports as it goes: per rule of [`super::PhaseRules::rules`], the
/// applications that added an equality; the counts of the pass under way; the passes made.
#[derive(Default)]
pub(super) struct Report {
    pub(super) applied: Vec<usize>,
    pub(super) tally: Tally,
    pub(super) passes: Vec<Pass>,
}

/// The counts of the pass under way.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) searched: usize,
    pub(super) matches: usize,
    pub(super) applied: usize,
}

impl Tally {
    /// The pass that began at `start` with this tally, the e-graph as it left it.
    pub(super) fn pass(&self, scope: PassScope, egraph: &Graph, start: Instant) -> Pass {
        Pass {
            scope,
            searched: self.searched,
            matches: self.matches,
            applied: self.applied,
            nodes: egraph.total_number_of_nodes(),
            classes: egraph.number_of_classes(),
            time: start.elapsed(),
        }
    }
}
