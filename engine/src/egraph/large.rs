//! What makes an e-graph large, where the saturation loop keeps less memory per class.
//!
//! A function of 10^5 operations or more makes an e-graph that outgrows the caches, where
//! reading a record costs a miss that recomputing what it held often does not. From
//! [`LARGE_FROM`] classes on, the loop works so (`saturate.rs`, `tried.rs`, `analysis.rs`):
//! it keeps no record of what a pass left for the next (the next pass searches around
//! every class that changed), it remembers a failed match only when its guard read outside
//! its classes (any other fails again whenever it is tried with the same facts), and guards
//! read constants from a mirror in id order ([`Analysis::mirror`]) rather than from egg's
//! classes.
//!
//! The matcher, the candidates and the extraction read a large e-graph's classes straight
//! from egg, with no copy in id order made before each pass: egg's classes sit in a vector
//! by id (the third edit of `vendor/egg/PATCH.md`), so reading a class by its id is an
//! index, not a probe of a hash map at a place unrelated to the id. Such a copy costs more
//! than it saves: without it, one function of 10^5 blocks lowers in 6.2% fewer
//! instructions and 11% less peak memory.
//!
//! [`Analysis::mirror`]: crate::egraph::analysis::Analysis::mirror

use crate::egraph::analysis::Analysis;
use crate::egraph::node::Node;
use egg::EGraph;

type Graph = EGraph<Node, Analysis>;

/// The fewest classes of a large e-graph: one that no longer fits the caches.
pub const LARGE_FROM: usize = 1 << 14;

/// One past the highest class id of an e-graph (0 for an empty one): the length of a
/// vector indexed by class id.
pub fn id_bound(egraph: &Graph) -> usize {
    egraph
        .classes()
        .map(|c| usize::from(c.id) + 1)
        .max()
        .unwrap_or(0)
}

/// Whether an e-graph has [`LARGE_FROM`] classes or more.
pub fn is_large(egraph: &Graph) -> bool {
    egraph.number_of_classes() >= LARGE_FROM
}
