//! Per-function code generation as a salsa query. The engine never sees LLVM, so the query
//! lives here, above both: it reads one function's lowering and returns the LLVM IR text
//! the backend printed for it ([`kiln_backend::FunctionCode`], plain data; the LLVM
//! context it was built in is gone when the query returns). Linking the pieces into one
//! module happens outside the database, on every compile (it is a concatenation).

use kiln_backend::{build_function_code, target_machine, CodegenOptions, FunctionCode};
use kiln_engine::{function_config, lowered_item, Db, FunctionItem, Target};
use std::cell::RefCell;

/// The code generation options for a target at an optimization level.
pub fn codegen_options(db: &dyn salsa::Database, target: Target, opt_level: u8) -> CodegenOptions {
    CodegenOptions {
        triple: target.triple(db).clone(),
        cpu: target.cpu(db).clone(),
        opt_level,
    }
}

/// A target machine and the (triple, CPU) it was made for.
type Machine = (
    (Option<String>, Option<String>),
    kiln_backend::TargetMachine,
);

thread_local! {
    /// One target machine per thread and target (creating one per function would cost more
    /// than generating the function's code); LLVM objects stay out of the database.
    static MACHINE: RefCell<Option<Machine>> = const { RefCell::new(None) };
    /// The same for [`build_code`], keyed by every option.
    static OPTIONS_MACHINE: RefCell<Option<(String, kiln_backend::TargetMachine)>> =
        const { RefCell::new(None) };
}

/// One lowered function's LLVM IR, with this thread's target machine for the options (made
/// once per thread), so a caller can generate code on any worker.
pub fn build_code(
    function: &kiln_engine::Lowered,
    opts: &CodegenOptions,
) -> Result<FunctionCode, kiln_backend::CodegenError> {
    let key = format!("{:?}/{:?}/{}", opts.triple, opts.cpu, opts.opt_level);
    OPTIONS_MACHINE.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|(k, _)| *k != key) {
            *cell = Some((key, target_machine(opts)?));
        }
        match cell.as_ref() {
            Some((_, tm)) => build_function_code(function, tm),
            None => Err(kiln_backend::CodegenError::Target(
                "no target machine".to_string(),
            )),
        }
    })
}

/// One function's LLVM IR: a piece per function its lowering yields. Called only for
/// functions that lowered without errors.
#[salsa::tracked(returns(ref))]
pub fn function_code<'db>(
    db: &'db dyn Db,
    item: FunctionItem<'db>,
) -> Result<Vec<FunctionCode>, String> {
    let Some(target) = function_config(db, item).map(|c| c.target(db)) else {
        return Err("the function's file has no target".to_string());
    };
    let lowered = lowered_item(db, item);
    let key = (target.triple(db).clone(), target.cpu(db).clone());
    MACHINE.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|(k, _)| *k != key) {
            let tm = target_machine(&codegen_options(db, target, 0)).map_err(|e| e.to_string())?;
            *cell = Some((key, tm));
        }
        let Some((_, tm)) = cell.as_ref() else {
            return Err("no target machine".to_string());
        };
        lowered
            .functions
            .iter()
            .map(|f| build_function_code(f, tm).map_err(|e| e.to_string()))
            .collect()
    })
}
