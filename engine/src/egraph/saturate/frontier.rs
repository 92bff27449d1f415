//! The frontier: what one pass of the saturation loop leaves for the next to search.

use egg::Id;

/// What a pass leaves for the next one to search, when it can keep that record (see
/// `closure.rs`): the classes it changed without following the change as far as a match
/// reaches, and the (rule, class) pairs that its unions may have made match or whose facts
/// changed since they were tried.
#[derive(Default)]
pub(super) struct Frontier {
    /// Whether the current pass records its frontier completely: not with explanations,
    /// in a large e-graph, or once a failure read outside its match; the next pass then
    /// searches the delta, around every class this one touched.
    pub(super) kept: bool,
    /// The classes the next pass searches around.
    pub(super) classes: Vec<Id>,
    /// The (rule, class) pairs the next pass searches.
    pub(super) pairs: Vec<(usize, Id)>,
}

impl Frontier {
    /// Starts a pass's record, kept or not.
    pub(super) fn begin(&mut self, kept: bool) {
        self.kept = kept;
        self.classes.clear();
        self.pairs.clear();
    }

    /// Adds classes to search around, if the record is kept.
    pub(super) fn add_classes(&mut self, classes: &[Id]) {
        if self.kept {
            self.classes.extend_from_slice(classes);
        }
    }
}
