//! The e-graph half of the engine: a verified function encoded into an e-graph, the rules
//! run on it phase by phase, the cheapest target form extracted and elaborated back into
//! ordered code (`lower.rs` drives it), plus what explains it (`explain.rs`, `why_not.rs`)
//! and the rule files' inline tests (`rule_tests.rs`). Nothing here is a salsa query: the
//! queries in `query/` call into it, and no egg object outlives a call.

pub mod analysis;
pub mod apply;
pub mod attrs;
mod closure;
pub mod conventions;
pub mod elaborate;
pub mod encode;
pub mod explain;
pub mod extract;
pub mod function;
pub mod large;
pub mod lower;
pub mod matcher;
pub mod node;
pub mod rule_tests;
pub mod saturate;
pub mod slice;
pub mod term;
mod tried;
pub mod why_not;
