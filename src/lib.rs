//! kiln: a declarative rewrite-rule engine with an e-graph optimizer that lowers a subset of
//! MLIR (func, arith, cf, memref, math, index, ub and the LLVM dialect) to native code through
//! LLVM.
//!
//! This crate is the `kiln` command line and one facade over the workspace's crates, so
//! that a program using several of them names one dependency:
//! - [`kiln_driver`] (re-exported whole): [`Session`], the queries that need LLVM, the
//!   shipped rules, and the [`frontend`], [`engine`] and [`backend`] crates;
//! - [`abi`]: function ABIs, argument values and calls into compiled code ([`run`]);
//! - [`verify`]: equivalence testing, with the interpreter ([`interp`]) and the MLIR pipeline
//!   ([`mod@reference`]);
//! - [`lsp`], [`serve`] and [`watch`]: the long-running processes of `kiln-server`;
//! - [`fuzz`]: the fuzz targets' harness, which drives all of the above.
//!
//! ```
//! use kiln::{check_source, Database};
//!
//! let db = Database::new();
//! let (file, diagnostics) = check_source(&db, "m.mlir", "func.func @f() {\n  func.return\n}\n");
//! assert!(diagnostics.is_empty());
//! assert!(kiln::format_file(&db, file).starts_with("module {"));
//! ```

#![deny(missing_docs)]

pub mod fuzz;

pub use kiln_abi::run;
pub use kiln_driver::*;
pub use kiln_server::{lsp, serve, watch};
pub use kiln_verify as verify;
pub use kiln_verify::{interp, reference};
