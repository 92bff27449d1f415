//! The rule language: lexer → grammar (lalrpop) → AST with spans → checker → [`RuleSet`].
//! Plain data only; `apply.rs` and `lower.rs` turn a rule set into egg rewrites.

pub mod ast;
pub mod checker;
pub mod expand;
pub mod expr;
pub mod format;
pub mod lexer;
pub mod lint;
pub mod parser;
pub mod ruleset;
pub mod symbols;
pub mod typing;

pub use checker::{load_rules, Loaded, RuleDiagnostic};
pub use ruleset::{
    FileId, Level, OpDecl, Pat, Phase, Rule, RuleLoc, RuleSet, RuleSource, RuleTest, Sort,
};
