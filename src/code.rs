//! Per-function code generation as a salsa query. The engine never sees LLVM, so the query
//! lives here, above both: it reads one function's lowering and returns the LLVM IR text
//! the backend printed for it ([`kiln_backend::FunctionCode`], plain data; the LLVM
//! context it was built in is gone when the query returns). Linking the pieces into one
//! module happens outside the database, on every compile (it is a concatenation).

use kiln_backend::{build_function_code, target_machine, CodegenOptions, FunctionCode};
use kiln_engine::{lowered_item, Db, FunctionItem, Options, RuleFiles};
use std::cell::RefCell;

/// The machine code is generated for (`None`: the host triple, the generic CPU). The data
/// layout it implies is part of every function's IR, so changing it generates code again.
#[salsa::input(debug)]
pub struct Target {
    #[returns(ref)]
    pub triple: Option<String>,
    #[returns(ref)]
    pub cpu: Option<String>,
}

impl Target {
    pub fn options(self, db: &dyn salsa::Database, opt_level: u8) -> CodegenOptions {
        CodegenOptions {
            triple: self.triple(db).clone(),
            cpu: self.cpu(db).clone(),
            opt_level,
        }
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

/// One function's LLVM IR: a piece per function its lowering yields. Called only for
/// functions that lowered without errors.
#[salsa::tracked(returns(ref))]
pub fn function_code<'db>(
    db: &'db dyn Db,
    item: FunctionItem<'db>,
    rules: RuleFiles,
    options: Options,
    target: Target,
) -> Result<Vec<FunctionCode>, String> {
    let lowered = lowered_item(db, item, rules, options);
    let key = (target.triple(db).clone(), target.cpu(db).clone());
    MACHINE.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.as_ref().is_none_or(|(k, _)| *k != key) {
            let tm = target_machine(&target.options(db, 0)).map_err(|e| e.to_string())?;
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
