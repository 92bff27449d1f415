//! kiln's long-running processes, each over a [`kiln_driver::Session`]:
//! - [`lsp`]: the language server for `.mlir` and `.rules` files (diagnostics, hovers,
//!   formatting);
//! - [`serve`]: `kiln serve`, JSON lines on standard input and output for toolchains that
//!   keep kiln running, with compiles on snapshots that a `cancel` stops;
//! - [`watch`]: `kiln watch`, which compiles again when a file changes.

#![deny(missing_docs)]

pub mod lsp;
pub mod serve;
pub mod watch;
