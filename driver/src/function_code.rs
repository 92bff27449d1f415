//! Per-function code generation as a salsa query. The engine never sees LLVM, so the query
//! lives here, above both: it reads one function's lowering and returns the LLVM IR text
//! the backend printed for it ([`kiln_backend::FunctionCode`], plain data; the LLVM
//! context it was built in is gone when the query returns). Linking the pieces into one
//! module happens outside the database, on every compile (it is a concatenation).

use kiln_backend::{build_function_code, target_machine, CodegenOptions, FunctionCode};
use kiln_engine::FunctionGroup;
use kiln_engine::{
    function_config, function_ir, locate_lowering, with_lowering, Db, FunctionItem, Target,
};
use kiln_frontend::Diagnostic;
use std::cell::RefCell;
use std::sync::Arc;

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
}

/// Runs `f` with this thread's target machine for a triple and CPU, made once per thread
/// and target. Its optimization level is that of `-O0`: building a function's LLVM IR reads
/// only the machine's triple and data layout, which no level changes.
pub(crate) fn with_machine<R>(
    triple: &Option<String>,
    cpu: &Option<String>,
    f: impl FnOnce(&kiln_backend::TargetMachine) -> Result<R, kiln_backend::CodegenError>,
) -> Result<R, kiln_backend::CodegenError> {
    MACHINE.with(|cell| {
        let mut cell = cell.borrow_mut();
        if !cell
            .as_ref()
            .is_some_and(|((t, c), _)| t == triple && c == cpu)
        {
            let opts = CodegenOptions {
                triple: triple.clone(),
                cpu: cpu.clone(),
                opt_level: 0,
            };
            *cell = Some(((triple.clone(), cpu.clone()), target_machine(&opts)?));
        }
        let Some((_, tm)) = cell.as_ref() else {
            return Err(kiln_backend::CodegenError::Target(
                "no target machine".to_string(),
            ));
        };
        f(tm)
    })
}

/// One lowered function's LLVM IR, with this thread's target machine for the options, so a
/// caller can generate code on any worker. The text is what [`function_code`] makes.
pub fn build_code(
    function: &kiln_engine::Lowered,
    opts: &CodegenOptions,
) -> Result<FunctionCode, kiln_backend::CodegenError> {
    with_machine(&opts.triple, &opts.cpu, |tm| {
        build_function_code(function, None, tm)
    })
}

/// One function's LLVM IR, a piece per function its lowering yields, and the diagnostics
/// of its lowering and code generation (relative to the function's text, as
/// [`kiln_engine::locate_lowering`] puts them). No code when one of them is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionCodes {
    /// The LLVM IR pieces (the function, and its C wrapper when it has one).
    pub code: Vec<FunctionCode>,
    /// The lowering's and code generation's diagnostics, warnings included.
    pub diagnostics: Vec<Diagnostic>,
}

/// One function's LLVM IR, from its lowering ([`kiln_engine::with_lowering`]: the kept one,
/// or one made here and dropped once its code is built). A code generation error (a rule
/// produced something LLVM cannot take, or the target is unknown) is located at the
/// function's name.
///
/// Shared (`Arc`), so that [`group_code`] holds the codes of a group without copying them.
#[salsa::tracked(returns(ref))]
pub fn function_code<'db>(db: &'db dyn Db, item: FunctionItem<'db>) -> Arc<FunctionCodes> {
    Arc::new(build_function_codes(db, item))
}

/// The code of a group of functions of a file a session split, in order: after an edit of
/// a function's body, a compile reads one memo per group of about 64 functions (valid at a
/// glance but the edited function's group) instead of one per function.
#[salsa::tracked(returns(ref))]
pub fn group_code<'db>(db: &'db dyn Db, group: FunctionGroup<'db>) -> Vec<Arc<FunctionCodes>> {
    group
        .items(db)
        .iter()
        .map(|item| function_code(db, *item).clone())
        .collect()
}

fn build_function_codes<'db>(db: &'db dyn Db, item: FunctionItem<'db>) -> FunctionCodes {
    db.executions()
        .generated
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let located = |message: String| {
        let at = function_ir(db, item)
            .function
            .as_ref()
            .map(|f| f.name_span)
            .unwrap_or_default();
        Diagnostic::error("codegen", at, message)
    };
    let Some(target) = function_config(db, item).map(|c| c.target(db)) else {
        return FunctionCodes {
            code: Vec::new(),
            diagnostics: vec![located("the function's file has no target".to_string())],
        };
    };
    with_lowering(db, item, |lowered| {
        let mut diagnostics = locate_lowering(db, item, &lowered.diagnostics);
        if kiln_frontend::has_errors(&diagnostics) {
            return FunctionCodes {
                code: Vec::new(),
                diagnostics,
            };
        }
        // With line tables, each function (and its C wrappers, at its line) carries where
        // its operations are.
        let debug = match target.debug_info(db) {
            true => crate::debug_info::function_debug(db, item).as_ref(),
            false => None,
        };
        let built = with_machine(target.triple(db), target.cpu(db), |tm| {
            lowered
                .functions
                .iter()
                .map(|f| build_function_code(f, debug, tm))
                .collect()
        });
        match built {
            Ok(code) => FunctionCodes { code, diagnostics },
            Err(e) => {
                diagnostics.push(located(e.to_string()));
                FunctionCodes {
                    code: Vec::new(),
                    diagnostics,
                }
            }
        }
    })
}
