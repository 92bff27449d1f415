//! Object assembly: each function's code as a piece of LLVM IR text ([`code`]), the pieces
//! linked and compiled ([`compile`], [`emit`]); at -O0 in units of about 16 functions
//! ([`units`]), above it in parts optimized on every core ([`thin`]), the objects joined
//! ([`merge`]) and kept by their exact inputs ([`cache`], and beyond the process,
//! [`shared`]). Nothing here runs code: the JIT is [`crate::jit`].

pub mod cache;
pub mod code;
pub mod compile;
pub mod emit;
pub mod merge;
pub mod shared;
pub mod thin;
pub mod units;
