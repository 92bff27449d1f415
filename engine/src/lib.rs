//! kiln's engine, in three parts by concern: the salsa database and its queries (`db.rs`,
//! `inputs.rs`, `query/`), the rule language (`rule/`), and the e-graph that lowers a
//! function with it (`egraph/`). Never imports inkwell; no egg or LLVM object lives in the
//! database — queries return plain data.
//!
//! ```
//! use kiln_engine::{check_file, Database, SourceFile};
//!
//! let db = Database::new();
//! let file = SourceFile::new(&db, "f.mlir".into(), "func.func @f() {\n  func.return\n}\n".into(), None);
//! assert!(check_file(&db, file).is_empty());
//! ```

#![deny(missing_docs)]

mod db;
mod egraph;
mod inputs;
mod query;
mod rule;
mod sources;

pub use db::{Database, Db, Executions};
pub use egraph::lower::{
    lower_function, CompiledRules, FunctionStats, LowerOptions, LowerOutcome, PhaseStats, Stop,
};
pub use egraph::rule_tests::{run_inline_tests, TestOutcome};
pub use egraph::saturate::{Pass, PassScope};
pub use inputs::{
    item_offset, Config, FunctionBody, FunctionItem, FunctionSource, FunctionText, Header,
    HeaderRef, Interface, Options, RuleFiles, SourceFile, Target,
};
/// The lowered form lives in its own crate so the backend needs nothing else of the engine.
pub use kiln_lowered as lowered;
pub use kiln_lowered::{Inst, Lowered, LoweredBlock, Operand, TargetOp};
pub use query::check::{
    check_file, file_globals, function_index, function_ir, function_text, functions, header_of,
    module_ir, parse_file, parsed_function, verify_function, Built, FileGlobals,
};
pub use query::lowering::{
    checked_rules, function_config, function_shape, locate_lowering, lower_item,
    lowered_diagnostics, lowered_item, lowered_text, make_lowered_text, prepare_whole_rules,
    rule_slice, with_lowering, CheckedRules, LoweredItem, LoweredText,
};
pub use rule::{load_rules, Loaded, RuleDiagnostic, RuleSet, RuleSource};

// The rule language, as its tools (`kiln rules`, the language server) read it.
pub use rule::expr::Builtin;
pub use rule::format::format_rule_file;
pub use rule::lexer::tokens_and_comments;
pub use rule::lint::{lint, overlaps};
pub use rule::parser::parse_rule_file;
pub use rule::symbols::{Occurrence, RuleSymbols, SymbolKind};
pub use rule::{FileId, Level, OpDecl, Pat, Phase, Rule, RuleLoc, RuleTest, Sort};

// Lowering, as the driver, the explanations and the rule check use it.
pub use egraph::conventions::BARE_PTR_ATTR;
pub use egraph::encode::C_WRAPPER_PREFIX;
pub use egraph::lower::{lower_variant, variants};
pub use egraph::saturate::Bookkeeping;
pub use egraph::term::Term;
pub use egraph::why_not::{why_not, Report as WhyNotReport};

// The queries of a file's groups of functions and of its conventions.
pub use query::check::{
    check_group, function_groups, function_texts, locate_found, parse_function, FunctionGroup,
    GROUP,
};
pub use query::lowering::{conventions, rule_symbols};
pub use sources::{split_sources, split_sources_edited};
