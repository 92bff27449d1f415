//! The salsa queries: parsing, building and verifying functions (`check.rs`), and lowering
//! them with a rule set (`lowering.rs`). Their inputs are in `inputs.rs`; every result is
//! plain data.

pub mod check;
pub mod lowering;
