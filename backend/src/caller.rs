//! Calling into a compiled program directly, on the thread that holds its engine.
//!
//! [`crate::jit::Jit`]'s worker makes one [`Caller`] per program on its first call: each
//! callable function's wrapper resolved to an address, so a call is a jump, and a child
//! process forked for [`crate::jit::Jit::run_isolated`] calls without LLVM.

use crate::jit::{pack, signature_kinds, Built, JitError, Kind, Program, Value};
use std::collections::HashMap;

/// Calls into one compiled program directly, on the thread that holds it: each callable
/// function's wrapper by its address, resolved when the caller is made (so calling needs
/// nothing of LLVM's, which a forked child must not touch).
pub struct Caller<'a> {
    callable: HashMap<&'a str, (u64, &'a [Kind], &'a [Kind])>,
    probe: Option<u64>,
    unresolved: &'a [String],
    program: &'a Program,
}

impl<'a> Caller<'a> {
    /// Resolves every wrapper of `built` (compiling the module on first use).
    pub(crate) fn new(
        engine: &inkwell::execution_engine::ExecutionEngine<'_>,
        built: &'a Built,
        program: &'a Program,
    ) -> Result<Caller<'a>, JitError> {
        let address = |name: &str| {
            engine
                .get_function_address(name)
                .map(|a| a as u64)
                .map_err(|e| JitError::Call(format!("cannot find `@{name}`: {e}")))
        };
        let mut callable = HashMap::new();
        for (entry, (wrapper, params, results)) in &built.callable {
            callable.insert(
                entry.as_str(),
                (address(wrapper)?, params.as_slice(), results.as_slice()),
            );
        }
        let probe = match &built.probe {
            Some(p) => Some(address(p)?),
            None => None,
        };
        Ok(Caller {
            callable,
            probe,
            unresolved: &built.unresolved,
            program,
        })
    }

    /// Calls `entry` with `args`; returns its results in order.
    pub fn call(&self, entry: &str, args: &[Value]) -> Result<Vec<Value>, JitError> {
        let Some((wrapper, params, results)) = self.callable.get(entry) else {
            let why = match self.program {
                Program::Lowered(functions) => match functions
                    .iter()
                    .find(|f| f.name == entry && !f.is_declaration())
                {
                    Some(f) => signature_kinds(f).err().unwrap_or_default(),
                    None => format!("no defined function `@{entry}`"),
                },
                Program::LlvmIr(_) => format!("no callable function `@{entry}`"),
            };
            return Err(JitError::Call(why));
        };
        let slots = pack(entry, params, args)?;
        let mut out = vec![0u64; results.len().max(1)];
        // SAFETY: the wrapper was built with exactly this signature; it reads
        // `params.len()` slots and writes `results.len()` slots.
        unsafe {
            let f: unsafe extern "C" fn(*const u64, *mut u64) =
                std::mem::transmute(*wrapper as usize);
            f(slots.as_ptr(), out.as_mut_ptr());
        }
        if let Some(probe) = self.probe {
            // SAFETY: `stub_unresolved` defined the probe as `i32 ()`.
            let reached = unsafe {
                let f: unsafe extern "C" fn() -> i32 = std::mem::transmute(probe as usize);
                f()
            };
            if let Some(name) = usize::try_from(reached - 1)
                .ok()
                .and_then(|i| self.unresolved.get(i))
            {
                return Err(JitError::Call(format!(
                    "the call reached `@{name}`, which the program declares but does not define and this process does not provide"
                )));
            }
        }
        Ok(results
            .iter()
            .zip(&out)
            .map(|(k, s)| k.read_slot(*s))
            .collect())
    }
}

/// Makes program `index`'s caller unless made already.
pub(crate) fn resolve_caller<'a>(
    callers: &mut [Option<Caller<'a>>],
    engine: &inkwell::execution_engine::ExecutionEngine<'_>,
    built: &'a [Built],
    programs: &'a [(Program, u8)],
    index: usize,
) -> Result<(), JitError> {
    match (
        callers.get_mut(index),
        built.get(index),
        programs.get(index),
    ) {
        (Some(Some(_)), _, _) => Ok(()),
        (Some(slot), Some(b), Some((program, _))) => {
            *slot = Some(Caller::new(engine, b, program)?);
            Ok(())
        }
        _ => Err(JitError::Call(format!(
            "no program {index} (the JIT compiled {})",
            built.len()
        ))),
    }
}
