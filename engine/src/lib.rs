//! kiln's engine: the salsa database that makes every stage incremental (and, with later
//! issues, the rule language, the e-graph, extraction and elaboration). Never imports
//! inkwell; no egg or LLVM object lives in the database — queries return plain data.
//!
//! ```
//! use kiln_engine::{check_file, Database, SourceFile};
//!
//! let db = Database::new();
//! let file = SourceFile::new(&db, "f.mlir".into(), "func.func @f() {\n  func.return\n}\n".into());
//! assert!(check_file(&db, file).is_empty());
//! ```

pub mod check;
pub mod db;
pub mod ir;

pub use check::{
    check_file, function_ir, functions, module_ir, parse_file, signatures, verify_function, Built,
};
pub use db::Database;
pub use ir::{FunctionItem, Options, SourceFile};
