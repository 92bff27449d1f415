//! kiln's engine: the salsa database that makes every stage incremental (and, with later
//! issues, the rule language, the e-graph, extraction and elaboration). Never imports
//! inkwell; no egg or LLVM object lives in the database — queries return plain data.
//!
//! ```
//! use kiln_engine::{check_file, Database, SourceFile};
//!
//! let db = Database::new();
//! let file = SourceFile::new(&db, "f.mlir".into(), "func.func @f() {\n  func.return\n}\n".into(), None);
//! assert!(check_file(&db, file).is_empty());
//! ```

pub mod analysis;
pub mod apply;
pub mod check;
pub mod conventions;
pub mod db;
pub mod elaborate;
pub mod encode;
pub mod extract;
pub mod incremental;
pub mod inline_test;
pub mod ir;
pub mod lower;
pub mod lowered;
pub mod node;
pub mod rule;
pub mod saturate;
pub mod slice;
pub mod term;

pub use check::{
    check_file, function_ir, functions, module_ir, parse_file, signatures, verify_function, Built,
};
pub use db::{Database, Db};
pub use incremental::{
    checked_rules, function_config, function_shape, lowered_diagnostics, lowered_item,
    lowered_text, rule_slice, CheckedRules, LoweredItem, RuleFiles,
};
pub use inline_test::{run_inline_tests, TestOutcome};
pub use ir::{Config, FunctionItem, Options, SourceFile, Target};
pub use lower::{
    lower_function, CompiledRules, FunctionStats, LowerOptions, LowerOutcome, PhaseStats, Stop,
};
pub use lowered::{Inst, Lowered, LoweredBlock, Operand};
pub use rule::{load_rules, Loaded, RuleDiagnostic, RuleSet, RuleSource};
