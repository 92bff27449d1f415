//! Calling into a compiled program directly, on the thread that holds its engine.
//!
//! [`super::Jit`]'s worker makes one [`Caller`] per program on its first call: each
//! callable function's wrapper resolved to an address, so a call is a jump, and a child
//! process forked for [`super::Jit::run_isolated`] calls without LLVM.

use super::calls::{pack, signature_kinds, Built, JitError, Kind, Program, Value};
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
                Program::Lowered(functions) | Program::WithGlobals(functions, _) => match functions
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
        invoke(
            entry,
            (*wrapper, params, results),
            self.probe,
            self.unresolved,
            args,
        )
    }

    /// The program's callable functions, owned, for calls on another thread ([`Direct`]).
    pub(crate) fn direct(&self) -> Direct {
        Direct {
            callable: self
                .callable
                .iter()
                .map(|(name, (w, p, r))| (name.to_string(), (*w, p.to_vec(), r.to_vec())))
                .collect(),
            probe: self.probe,
            unresolved: self.unresolved.to_vec(),
        }
    }
}

/// Calls `entry` through its wrapper (`wrapper`: its address, parameter and result kinds)
/// with `args`; then reads the probe, which says whether the call reached a stub of a
/// function the process lacks.
fn invoke(
    entry: &str,
    (wrapper, params, results): (u64, &[Kind], &[Kind]),
    probe: Option<u64>,
    unresolved: &[String],
    args: &[Value],
) -> Result<Vec<Value>, JitError> {
    let slots = pack(entry, params, args)?;
    let mut out = vec![0u64; results.iter().map(|k| k.slots()).sum::<usize>().max(1)];
    // SAFETY: the wrapper was built with exactly this signature; it reads the parameters'
    // slots and writes the results' (`Kind::slots` of each).
    unsafe {
        let f: unsafe extern "C" fn(*const u64, *mut u64) = std::mem::transmute(wrapper as usize);
        f(slots.as_ptr(), out.as_mut_ptr());
    }
    if let Some(name) = reached(probe, unresolved) {
        return Err(JitError::Call(format!(
            "the call reached `@{name}`, which the program declares but does not define and this process does not provide"
        )));
    }
    let mut at = 0;
    Ok(results
        .iter()
        .map(|k| {
            let v = k.read_slots(&out[at..]);
            at += k.slots();
            v
        })
        .collect())
}

/// The function without a definition that code run since the last look reached, if any
/// (the probe reads and clears the record).
fn reached(probe: Option<u64>, unresolved: &[String]) -> Option<&str> {
    let probe = probe?;
    // SAFETY: `stub_unresolved` defined the probe as `i32 ()`.
    let index = unsafe {
        let f: unsafe extern "C" fn() -> i32 = std::mem::transmute(probe as usize);
        f()
    };
    usize::try_from(index - 1)
        .ok()
        .and_then(|i| unresolved.get(i))
        .map(String::as_str)
}

/// A program's callable functions resolved to addresses, for calls on the calling thread
/// ([`crate::Jit::direct`]): no hop to the JIT's thread, so a call costs the marshalling
/// and the jump. The code runs on the caller's stack (registered for the stack-overflow
/// diagnostic on the thread's first call), not on the JIT thread's large one.
#[derive(Clone, Debug)]
pub struct Direct {
    callable: HashMap<String, (u64, Vec<Kind>, Vec<Kind>)>,
    probe: Option<u64>,
    unresolved: Vec<String>,
}

thread_local! {
    /// The calling thread's registration with [`super::overflow`], made on its first
    /// direct call and dropped when the thread ends.
    static GUARDED: std::cell::OnceCell<Option<super::overflow::Registration>> =
        const { std::cell::OnceCell::new() };
}

impl Direct {
    /// Calls `entry` on this thread; `None` when the program has no callable function of
    /// that name (the JIT's own [`crate::Jit::call`] says why).
    ///
    /// # Safety
    /// The [`crate::Jit`] this came from is alive for the whole call.
    pub unsafe fn call(&self, entry: &str, args: &[Value]) -> Option<Result<Vec<Value>, JitError>> {
        let (wrapper, params, results) = self.callable.get(entry)?;
        GUARDED.with(|g| {
            g.get_or_init(super::overflow::guard_this_thread);
        });
        Some(invoke(
            entry,
            (*wrapper, params, results),
            self.probe,
            &self.unresolved,
            args,
        ))
    }
}

impl Direct {
    /// The function the program declares, and neither defines nor finds in the process,
    /// that code run since the last look reached (a host that jumps into the code itself,
    /// as through a packed wrapper, asks after each call); the record is cleared.
    ///
    /// # Safety
    /// The [`crate::Jit`] this came from is alive.
    pub unsafe fn reached_unresolved(&self) -> Option<String> {
        reached(self.probe, &self.unresolved).map(str::to_string)
    }

    /// Whether the program has stubs for functions nothing defines.
    pub fn has_stubs(&self) -> bool {
        self.probe.is_some()
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
