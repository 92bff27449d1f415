//! Why code could not be generated: the one error type of the backend's code generation,
//! linking and targets, apart from every module that makes it.

use inkwell::builder::BuilderError;

/// Why a lowered program could not become LLVM IR.
#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// The lowered function is malformed for the code generator: an operation with the
    /// wrong operands, an unknown type, a value used before it is defined.
    #[error("`@{function}`: {message}")]
    Unsupported {
        /// The function's name (without `@`).
        function: String,
        /// What is wrong.
        message: String,
    },
    /// An LLVM builder call failed.
    #[error("`@{function}`: LLVM builder error: {source}")]
    Builder {
        /// The function's name (without `@`).
        function: String,
        /// LLVM's error.
        #[source]
        source: BuilderError,
    },
    /// LLVM's verifier rejected the function built (or its printed module could not be
    /// split into its parts).
    #[error("`@{function}`: LLVM rejected the generated function: {message}")]
    Invalid {
        /// The function's name (without `@`).
        function: String,
        /// What the verifier (or the split) reported.
        message: String,
    },
    /// A problem of the target or of the program as a whole: an unknown triple or CPU, a
    /// function declared with two signatures, a linked module LLVM rejects.
    #[error("{0}")]
    Target(String),
}

impl CodegenError {
    /// The function the error is about (none for a target problem).
    pub fn function(&self) -> Option<&str> {
        match self {
            CodegenError::Unsupported { function, .. }
            | CodegenError::Builder { function, .. }
            | CodegenError::Invalid { function, .. } => Some(function),
            CodegenError::Target(_) => None,
        }
    }
}
