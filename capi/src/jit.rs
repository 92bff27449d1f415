//! `kiln_jit`: a source file compiled into the host's process, whose functions the host
//! calls directly through their addresses.

use crate::diagnostics::kiln_diagnostics;
use crate::handle::{self, boundary, kiln_status, Failure, HandleKind};
use crate::session::{failed, kiln_session, known, on_session};
use kiln_driver::backend::Jit;
use kiln_driver::FileDiagnostics;
use std::ffi::c_char;

/// A program compiled into the process. Its code stays valid until the handle is freed;
/// the functions may be called from any thread, and lookups may run in parallel.
#[allow(non_camel_case_types)]
pub struct kiln_jit {
    jit: Jit,
}

impl HandleKind for kiln_jit {
    const NAME: &'static str = "kiln_jit";
}

/// Lowers the session's source file `path` and compiles it into the process at an
/// optimization level (0 to 3). Functions with a C interface (see
/// `kiln_session_set_c_interface` and the `llvm.emit_c_interface` attribute) are found by
/// `kiln_jit_lookup_c_interface`; every function by `kiln_jit_lookup`. External functions
/// the process does not define are bound to stubs that fail loudly when called. On
/// `KILN_ERROR_DIAGNOSTICS`, `*diagnostics` (when `diagnostics` is not NULL) says why.
///
/// # Safety
/// `path` is a NUL-terminated string; `jit` is valid for a write; `diagnostics` is NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_jit_new(
    session: *mut kiln_session,
    path: *const c_char,
    opt_level: u32,
    jit: *mut *mut kiln_jit,
    diagnostics: *mut *mut kiln_diagnostics,
) -> kiln_status {
    handle::clear(jit);
    handle::clear(diagnostics);
    on_session(session, "kiln_jit_new", |s, work| {
        handle::required(jit, "jit")?;
        let path = handle::text_arg(path, "path")?;
        if opt_level > 3 {
            return Err(Failure::argument(format!(
                "optimization level {opt_level} is not 0, 1, 2 or 3"
            )));
        }
        known(s, path)?;
        let (reported, w) = s.counting(|s| s.lower(path));
        *work = w;
        let program = match reported.value {
            Ok(program) => program,
            Err(files) => return Err(failed(files, diagnostics)),
        };
        let compiled = Jit::compile_at(s.jit_program(path, program), opt_level as u8)
            .map_err(|e| Failure::new(kiln_status::KILN_ERROR_JIT, e.to_string()))?;
        let files = vec![FileDiagnostics {
            path: path.to_string(),
            text: s.text(path).unwrap_or_default(),
            diagnostics: reported.diagnostics,
        }];
        handle::give(diagnostics, kiln_diagnostics::new(files));
        handle::give(jit, kiln_jit { jit: compiled });
        Ok(())
    })
}

/// The address of the function `name` (without `@`): cast it to the C type of its LLVM
/// signature (a memref argument is its descriptor's fields, one argument each). Fails
/// with `KILN_ERROR_NOT_FOUND` when the program defines no such function.
///
/// # Safety
/// `name` is a NUL-terminated string; `address` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_jit_lookup(
    jit: *const kiln_jit,
    name: *const c_char,
    address: *mut *mut std::ffi::c_void,
) -> kiln_status {
    lookup("kiln_jit_lookup", jit, name, "", address)
}

/// The address of the C interface of the function `name`: `_mlir_ciface_NAME`, which
/// takes each memref as a pointer to its descriptor (`struct { T *allocated; T *aligned;
/// int64_t offset; int64_t sizes[R]; int64_t strides[R]; }`) and returns several results
/// or a memref through a pointer first argument. Fails with `KILN_ERROR_NOT_FOUND` when
/// the function has no C interface.
///
/// # Safety
/// `name` is a NUL-terminated string; `address` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_jit_lookup_c_interface(
    jit: *const kiln_jit,
    name: *const c_char,
    address: *mut *mut std::ffi::c_void,
) -> kiln_status {
    lookup(
        "kiln_jit_lookup_c_interface",
        jit,
        name,
        "_mlir_ciface_",
        address,
    )
}

unsafe fn lookup(
    function: &'static str,
    jit: *const kiln_jit,
    name: *const c_char,
    prefix: &str,
    address: *mut *mut std::ffi::c_void,
) -> kiln_status {
    if !address.is_null() {
        *address = std::ptr::null_mut();
    }
    boundary(
        function,
        |_| {},
        || {
            handle::required(address, "address")?;
            let j = handle::get(jit, function)?;
            let name = handle::text_arg(name, "name")?;
            let symbol = format!("{prefix}{name}");
            let found = j.jit.address(0, &symbol).map_err(|e| {
                Failure::new(
                    kiln_status::KILN_ERROR_NOT_FOUND,
                    format!("{function}: {e}"),
                )
            })?;
            *address = found as *mut std::ffi::c_void;
            Ok(())
        },
    )
}

/// Frees a compiled program: its code is unmapped, and addresses looked up in it must no
/// longer be called.
///
/// # Safety
/// `jit` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_jit_free(jit: *mut kiln_jit) -> kiln_status {
    boundary(
        "kiln_jit_free",
        |_| {},
        || handle::release(jit, "kiln_jit_free"),
    )
}
