//! `kiln_session`: an incremental compilation session ([`kiln_driver::Session`]) behind a handle.
//!
//! A session is used by one thread at a time. Calls on different sessions run in
//! parallel; calls on one session from several threads must be serialised by the host
//! (a lock around them): a call that finds the session in use by another thread fails
//! with `KILN_ERROR_BUSY` instead of racing.

use crate::buffer::kiln_buffer;
use crate::diagnostics::kiln_diagnostics;
use crate::handle::{self, boundary, kiln_status, Failure, HandleKind, Outcome};
use kiln_driver::backend::Emit;
use kiln_driver::{FileDiagnostics, Reported, Session, Work};
use std::ffi::{c_char, CString};
use std::sync::{Arc, Mutex, TryLockError};

/// What to compile a source file to.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum kiln_emit {
    /// LLVM IR text (`.ll`).
    KILN_EMIT_LLVM_IR = 0,
    /// Assembly for the target (`.s`).
    KILN_EMIT_ASSEMBLY = 1,
    /// A relocatable object file for the target (`.o`).
    KILN_EMIT_OBJECT = 2,
}

/// The form of a file's reflection records (`kiln abi --format`).
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum kiln_abi_format {
    /// One JSON object per function and line: `{"name":"f","a":[...],"r":[...],"v":1}`,
    /// with `"abi":"sip","sip":"..."` for functions of the structured index path ABI.
    KILN_ABI_JSON = 0,
    /// The human form: `f(x: i32) -> i32`, one function per line (and a second line with
    /// the structure for sip functions).
    KILN_ABI_TEXT = 1,
}

/// What the last request of a session ran (again): after an edit, only what depends on
/// it is lowered, generated and compiled again.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct kiln_work {
    /// Functions lowered.
    pub lowered: usize,
    /// Functions whose LLVM IR was generated.
    pub generated: usize,
    /// Object units (of about 16 functions, at -O0) compiled to machine code.
    pub units: usize,
    /// Parts of an optimized object (at -O1 and above) compiled to machine code.
    pub parts: usize,
}

/// A compilation session.
#[allow(non_camel_case_types)]
pub struct kiln_session {
    state: Mutex<State>,
    /// The message of the session's last failed call; read by `kiln_session_error`
    /// without taking the session (a host reads it right after the call, on its thread).
    error: Mutex<CString>,
}

struct State {
    session: Session,
    work: Work,
}

impl HandleKind for kiln_session {
    const NAME: &'static str = "kiln_session";
}

/// Runs `body` on the session `session` for the exported function `function`: checks
/// the handle, takes the session (or fails with `KILN_ERROR_BUSY`), and records a
/// failure's message in the session.
pub(crate) fn on_session(
    session: *const kiln_session,
    function: &'static str,
    body: impl FnOnce(&mut Session, &mut Work) -> Outcome,
) -> kiln_status {
    let mut held: Option<Arc<kiln_session>> = None;
    let status = boundary(
        function,
        |_| {},
        || {
            let cell = handle::get(session, function)?;
            held = Some(cell.clone());
            let mut state = match cell.state.try_lock() {
                Ok(state) => state,
                // A panic inside an earlier call left the lock poisoned; the session's
                // database survives a panic (salsa cancels the query), so it is used on.
                Err(TryLockError::Poisoned(p)) => p.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    return Err(Failure::new(
                        kiln_status::KILN_ERROR_BUSY,
                        format!(
                            "{function}: another thread is using the session; calls on one \
                             session must not overlap (hold a lock around them)"
                        ),
                    ))
                }
            };
            let State { session, work } = &mut *state;
            body(session, work)
        },
    );
    if let Some(cell) = held {
        let mut error = cell
            .error
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *error = match status {
            kiln_status::KILN_OK => CString::default(),
            _ => {
                // The thread's last error is the message just recorded.
                let message = unsafe { std::ffi::CStr::from_ptr(handle::last_error()) };
                message.to_owned()
            }
        };
    }
    status
}

/// `files`' diagnostics written to `out`: a failure with them when one is an error.
///
/// # Safety
/// `out` is NULL or valid for a write.
unsafe fn diagnosed(files: Vec<FileDiagnostics>, out: *mut *mut kiln_diagnostics) -> Outcome {
    let errors = files
        .iter()
        .any(|f| f.diagnostics.iter().any(kiln_driver::Diagnostic::is_error));
    match errors {
        true => Err(failed(files, out)),
        false => {
            handle::give(out, kiln_diagnostics::new(files));
            Ok(())
        }
    }
}

/// A failure with `files`' diagnostics, written to `out` (when given).
///
/// # Safety
/// `out` is NULL or valid for a write.
pub(crate) unsafe fn failed(
    files: Vec<FileDiagnostics>,
    out: *mut *mut kiln_diagnostics,
) -> Failure {
    let diagnostics = kiln_diagnostics::new(files);
    let message = diagnostics.summary();
    handle::give(out, diagnostics);
    Failure::new(kiln_status::KILN_ERROR_DIAGNOSTICS, message)
}

/// `reported`'s value, with its diagnostics (warnings too) written to `out` (when given).
///
/// # Safety
/// `out` is NULL or valid for a write.
unsafe fn take<T>(
    session: &Session,
    path: &str,
    reported: Reported<T>,
    out: *mut *mut kiln_diagnostics,
) -> Result<T, Failure> {
    match reported.value {
        Ok(value) => {
            let files = vec![FileDiagnostics {
                path: path.to_string(),
                text: session.text(path).unwrap_or_default(),
                diagnostics: reported.diagnostics,
            }];
            handle::give(out, kiln_diagnostics::new(files));
            Ok(value)
        }
        Err(files) => Err(failed(files, out)),
    }
}

/// The session has the source file `path` (else `KILN_ERROR_NOT_FOUND`).
pub(crate) fn known(session: &Session, path: &str) -> Outcome {
    match session.has_source(path) {
        true => Ok(()),
        false => Err(Failure::new(
            kiln_status::KILN_ERROR_NOT_FOUND,
            format!("the session has no source file `{path}`"),
        )),
    }
}

/// Creates a session that lowers with the rules shipped with kiln, for the host triple
/// and its generic CPU. Free it with `kiln_session_free`.
///
/// # Safety
/// `session` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_new(session: *mut *mut kiln_session) -> kiln_status {
    handle::clear(session);
    boundary(
        "kiln_session_new",
        |_| {},
        || {
            handle::required(session, "session")?;
            let cell = kiln_session {
                state: Mutex::new(State {
                    session: Session::new(),
                    work: Work::default(),
                }),
                error: Mutex::new(CString::default()),
            };
            handle::give(session, cell);
            Ok(())
        },
    )
}

/// Frees a session. A call still running on it on another thread finishes first.
///
/// # Safety
/// `session` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_free(session: *mut kiln_session) -> kiln_status {
    boundary(
        "kiln_session_free",
        |_| {},
        || handle::release(session, "kiln_session_free"),
    )
}

/// The message of the session's last call, if it failed (else the empty string). Valid
/// until the session's next call; NULL for a bad handle.
///
/// # Safety
/// `session` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_error(session: *const kiln_session) -> *const c_char {
    let Ok(cell) = handle::get(session, "kiln_session_error") else {
        return std::ptr::null();
    };
    let error = cell
        .error
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // The string lives in the session, which the registry keeps alive.
    error.as_ptr()
}

/// Sets the target: an LLVM triple (NULL: the host's) and a CPU (NULL: the target's
/// generic CPU; `"native"`: the host's CPU and features). Code is generated again after
/// a change. An unknown triple or CPU is reported by the next compile.
///
/// # Safety
/// `triple` and `cpu` are NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_target(
    session: *mut kiln_session,
    triple: *const c_char,
    cpu: *const c_char,
) -> kiln_status {
    on_session(session, "kiln_session_set_target", |s, _| {
        let triple = handle::optional_text_arg(triple, "triple")?;
        let cpu = handle::optional_text_arg(cpu, "cpu")?;
        s.set_target(triple, cpu);
        Ok(())
    })
}

/// Gives every public function a C-compatible wrapper `_mlir_ciface_NAME` taking memrefs
/// by pointer to their descriptor (MLIR's `--emit-c-interface`); off by default, when
/// only functions with the `llvm.emit_c_interface` attribute get one.
///
/// # Safety
/// `session` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_c_interface(
    session: *mut kiln_session,
    enabled: bool,
) -> kiln_status {
    on_session(session, "kiln_session_set_c_interface", |s, _| {
        s.set_c_interface(enabled);
        Ok(())
    })
}

/// Passes statically shaped memrefs as bare pointers to their data (MLIR's
/// `--bare-ptr-memref-call-conv`); off by default.
///
/// # Safety
/// `session` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_bare_pointers(
    session: *mut kiln_session,
    enabled: bool,
) -> kiln_status {
    on_session(session, "kiln_session_set_bare_pointers", |s, _| {
        s.set_bare_ptr(enabled);
        Ok(())
    })
}

/// Looks compiled code up in a cache shared with other machines before compiling it, and
/// stores there what it compiles: a directory (`/path`, `file:///path`), an HTTP/WebDAV
/// server (`http://host/prefix/`) or an S3 bucket (`s3://bucket/prefix`), as `kiln compile
/// --cache` takes it. NULL stops using one. A URL that names no cache is
/// `KILN_ERROR_INVALID_ARGUMENT`; an unreachable or damaged cache never fails a compile.
///
/// # Safety
/// `url` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_cache(
    session: *mut kiln_session,
    url: *const c_char,
) -> kiln_status {
    on_session(session, "kiln_session_set_cache", |s, _| {
        let cache = match handle::optional_text_arg(url, "url")? {
            None => None,
            Some(url) => Some(Arc::new(
                kiln_driver::shared_cache::SharedCache::open(&url).map_err(Failure::argument)?,
            )),
        };
        s.set_shared_cache(cache);
        Ok(())
    })
}

/// Lowers with the `*.rules` files of a directory instead of the current rules. Errors
/// in them are reported (located in the rule files) by the next request that lowers.
///
/// # Safety
/// `directory` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_rules_directory(
    session: *mut kiln_session,
    directory: *const c_char,
) -> kiln_status {
    on_session(session, "kiln_session_set_rules_directory", |s, _| {
        let dir = handle::text_arg(directory, "directory")?;
        s.set_rules_dir(std::path::Path::new(dir)).map_err(|e| {
            Failure::new(
                kiln_status::KILN_ERROR_IO,
                format!("cannot read the rules in `{dir}`: {e}"),
            )
        })
    })
}

/// Lowers with `count` rule files given as text: `paths[i]` names the text `texts[i]`
/// in diagnostics. Errors in them are reported by the next request that lowers.
///
/// # Safety
/// `paths` and `texts` are valid for reads of `count` NUL-terminated strings each.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_rules(
    session: *mut kiln_session,
    paths: *const *const c_char,
    texts: *const *const c_char,
    count: usize,
) -> kiln_status {
    on_session(session, "kiln_session_set_rules", |s, _| {
        if count > 0 && (paths.is_null() || texts.is_null()) {
            return Err(Failure::argument("`paths` or `texts` is NULL"));
        }
        let mut sources = Vec::with_capacity(count);
        for i in 0..count {
            let path = handle::text_arg(*paths.add(i), &format!("paths[{i}]"))?;
            let text = handle::text_arg(*texts.add(i), &format!("texts[{i}]"))?;
            sources.push(kiln_driver::engine::RuleSource {
                path: path.to_string(),
                text: text.to_string(),
            });
        }
        s.set_rules(sources);
        Ok(())
    })
}

/// Lowers with the rules shipped with kiln again.
///
/// # Safety
/// `session` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_shipped_rules(session: *mut kiln_session) -> kiln_status {
    on_session(session, "kiln_session_set_shipped_rules", |s, _| {
        s.set_rules(kiln_driver::shipped::shipped_rules());
        Ok(())
    })
}

/// The rule files' diagnostics. Fails with `KILN_ERROR_DIAGNOSTICS` when one is an
/// error (the rules cannot be used); `*diagnostics` is set either way.
///
/// # Safety
/// `diagnostics` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_rule_diagnostics(
    session: *mut kiln_session,
    diagnostics: *mut *mut kiln_diagnostics,
) -> kiln_status {
    handle::clear(diagnostics);
    on_session(session, "kiln_session_rule_diagnostics", |s, _| {
        handle::required(diagnostics, "diagnostics")?;
        let files = s.rule_diagnostics();
        diagnosed(files, diagnostics)
    })
}

/// Sets (or adds) the source file `path` to the `length` bytes of UTF-8 at `text` (the
/// text need not end with NUL). Only the functions whose text changed are compiled again.
///
/// # Safety
/// `path` is a NUL-terminated string; `text` is valid for reads of `length` bytes.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_set_source(
    session: *mut kiln_session,
    path: *const c_char,
    text: *const c_char,
    length: usize,
) -> kiln_status {
    on_session(session, "kiln_session_set_source", |s, _| {
        let path = handle::text_arg(path, "path")?;
        let text = handle::bytes_arg(text, length, "text")?;
        s.set_source(path, text);
        Ok(())
    })
}

/// Replaces the bytes `[start, end)` of the source file `path` with the `length` bytes
/// at `text`, as an editor's change does. Fails with `KILN_ERROR_NOT_FOUND` for a file
/// the session does not have, `KILN_ERROR_INVALID_ARGUMENT` for a range that is reversed,
/// runs past the text or splits a UTF-8 character (and then changes nothing).
///
/// # Safety
/// `path` is a NUL-terminated string; `text` is valid for reads of `length` bytes.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_edit_source(
    session: *mut kiln_session,
    path: *const c_char,
    start: usize,
    end: usize,
    text: *const c_char,
    length: usize,
) -> kiln_status {
    on_session(session, "kiln_session_edit_source", |s, _| {
        let path = handle::text_arg(path, "path")?;
        let text = handle::bytes_arg(text, length, "text")?;
        s.edit_source(path, start..end, text).map_err(|e| match e {
            kiln_driver::EditError::UnknownFile(_) => {
                Failure::new(kiln_status::KILN_ERROR_NOT_FOUND, e.to_string())
            }
            kiln_driver::EditError::BadRange { .. } => Failure::argument(e.to_string()),
        })
    })
}

/// Removes the source file `path` (and what the session kept for it). Fails with
/// `KILN_ERROR_NOT_FOUND` when there is none.
///
/// # Safety
/// `path` is a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_remove_source(
    session: *mut kiln_session,
    path: *const c_char,
) -> kiln_status {
    on_session(session, "kiln_session_remove_source", |s, _| {
        let path = handle::text_arg(path, "path")?;
        known(s, path)?;
        s.remove_source(path);
        Ok(())
    })
}

/// Checks the source file `path` (parse and verifier) and the rules. Fails with
/// `KILN_ERROR_DIAGNOSTICS` when there is an error; `*diagnostics` (every error and
/// warning of the file and the rules) is set either way.
///
/// # Safety
/// `path` is a NUL-terminated string; `diagnostics` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_check(
    session: *mut kiln_session,
    path: *const c_char,
    diagnostics: *mut *mut kiln_diagnostics,
) -> kiln_status {
    handle::clear(diagnostics);
    on_session(session, "kiln_session_check", |s, _| {
        handle::required(diagnostics, "diagnostics")?;
        let path = handle::text_arg(path, "path")?;
        known(s, path)?;
        let (found, rules) = s.diagnostics_with_rules(path);
        let mut files = rules;
        files.push(FileDiagnostics {
            path: path.to_string(),
            text: s.text(path).unwrap_or_default(),
            diagnostics: found,
        });
        files.retain(|f| !f.diagnostics.is_empty());
        diagnosed(files, diagnostics)
    })
}

/// Lowers the source file `path` and writes the lowered program, as `kiln lower` prints
/// it, to `*text`. On `KILN_ERROR_DIAGNOSTICS`, `*diagnostics` (when `diagnostics` is
/// not NULL) says why; on success it holds the warnings.
///
/// # Safety
/// `path` is a NUL-terminated string; `text` is valid for a write; `diagnostics` is NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_lower(
    session: *mut kiln_session,
    path: *const c_char,
    text: *mut *mut kiln_buffer,
    diagnostics: *mut *mut kiln_diagnostics,
) -> kiln_status {
    handle::clear(text);
    handle::clear(diagnostics);
    on_session(session, "kiln_session_lower", |s, work| {
        handle::required(text, "text")?;
        let path = handle::text_arg(path, "path")?;
        known(s, path)?;
        let (reported, w) = s.counting(|s| s.lowered_text(path, None));
        *work = w;
        let mut lowered = take(s, path, reported, diagnostics)?;
        if !lowered.is_empty() {
            lowered.push('\n');
        }
        handle::give(text, kiln_buffer::new(lowered.into_bytes()));
        Ok(())
    })
}

fn emit_of(emit: kiln_emit) -> Emit {
    match emit {
        kiln_emit::KILN_EMIT_LLVM_IR => Emit::LlvmIr,
        kiln_emit::KILN_EMIT_ASSEMBLY => Emit::Asm,
        kiln_emit::KILN_EMIT_OBJECT => Emit::Obj,
    }
}

/// The checked emit kind and optimization level of a compile call.
fn compile_args(emit: u32, opt_level: u32) -> Result<(Emit, u8), Failure> {
    let emit = match emit {
        0 => kiln_emit::KILN_EMIT_LLVM_IR,
        1 => kiln_emit::KILN_EMIT_ASSEMBLY,
        2 => kiln_emit::KILN_EMIT_OBJECT,
        other => return Err(Failure::argument(format!("{other} is not a kiln_emit"))),
    };
    if opt_level > 3 {
        return Err(Failure::argument(format!(
            "optimization level {opt_level} is not 0, 1, 2 or 3"
        )));
    }
    Ok((emit_of(emit), opt_level as u8))
}

/// Compiles the source file `path` to LLVM IR, assembly or an object at an optimization
/// level (0 to 3), into `*code`. After an edit, only the functions it touched are lowered
/// and generated again, and at -O0 only the object units they belong to are compiled
/// again (`kiln_session_last_work` counts them). On `KILN_ERROR_DIAGNOSTICS`,
/// `*diagnostics` (when `diagnostics` is not NULL) says why; on success it holds the
/// warnings.
///
/// # Safety
/// `path` is a NUL-terminated string; `code` is valid for a write; `diagnostics` is NULL
/// or valid for a write. `emit` is a `kiln_emit` (other values are refused), taken as an
/// integer so that any value a C caller passes is defined.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_compile(
    session: *mut kiln_session,
    path: *const c_char,
    emit: u32,
    opt_level: u32,
    code: *mut *mut kiln_buffer,
    diagnostics: *mut *mut kiln_diagnostics,
) -> kiln_status {
    handle::clear(code);
    handle::clear(diagnostics);
    on_session(session, "kiln_session_compile", |s, work| {
        handle::required(code, "code")?;
        let path = handle::text_arg(path, "path")?;
        let (emit, opt_level) = compile_args(emit, opt_level)?;
        known(s, path)?;
        let (reported, w) = s.counting(|s| s.compile(path, emit, opt_level));
        *work = w;
        let bytes = take(s, path, reported, diagnostics)?;
        handle::give(code, kiln_buffer::new(bytes));
        Ok(())
    })
}

/// `kiln_session_compile`, writing the code to the file `output`. The file appears
/// whole or not at all: it is written beside its final name and renamed into place, so
/// a failed compile leaves no partial file.
///
/// # Safety
/// `path` and `output` are NUL-terminated strings; `diagnostics` is NULL or valid for a
/// write. `emit` is a `kiln_emit` (other values are refused).
#[no_mangle]
pub unsafe extern "C" fn kiln_session_compile_to_file(
    session: *mut kiln_session,
    path: *const c_char,
    emit: u32,
    opt_level: u32,
    output: *const c_char,
    diagnostics: *mut *mut kiln_diagnostics,
) -> kiln_status {
    handle::clear(diagnostics);
    on_session(session, "kiln_session_compile_to_file", |s, work| {
        let path = handle::text_arg(path, "path")?;
        let output = std::path::Path::new(handle::text_arg(output, "output")?);
        let (emit, opt_level) = compile_args(emit, opt_level)?;
        known(s, path)?;
        let (reported, w) = s.counting(|s| s.compile(path, emit, opt_level));
        *work = w;
        let bytes = take(s, path, reported, diagnostics)?;
        write_whole(output, &bytes).map_err(|e| {
            Failure::new(
                kiln_status::KILN_ERROR_IO,
                format!("cannot write `{}`: {e}", output.display()),
            )
        })
    })
}

/// Writes `bytes` to a temporary file beside `output` and renames it to `output`.
fn write_whole(output: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.persist(output).map_err(|e| e.error)?;
    Ok(())
}

/// The reflection records of the source file `path`'s functions (IREE's `iree.abi` JSON
/// records and `sip` signatures, as `kiln abi` prints them), in source order, into
/// `*records`.
///
/// # Safety
/// `path` is a NUL-terminated string; `records` is valid for a write; `diagnostics` is
/// NULL or valid for a write. `format` is a `kiln_abi_format` (other values are refused).
#[no_mangle]
pub unsafe extern "C" fn kiln_session_abi(
    session: *mut kiln_session,
    path: *const c_char,
    format: u32,
    records: *mut *mut kiln_buffer,
    diagnostics: *mut *mut kiln_diagnostics,
) -> kiln_status {
    handle::clear(records);
    handle::clear(diagnostics);
    on_session(session, "kiln_session_abi", |s, _| {
        handle::required(records, "records")?;
        let path = handle::text_arg(path, "path")?;
        if format > kiln_abi_format::KILN_ABI_TEXT as u32 {
            return Err(Failure::argument(format!(
                "{format} is not a kiln_abi_format"
            )));
        }
        known(s, path)?;
        let errors: Vec<kiln_driver::Diagnostic> = s
            .diagnostics(path)
            .into_iter()
            .filter(kiln_driver::Diagnostic::is_error)
            .collect();
        let file = s.source_file(path);
        let (Some(file), true) = (file, errors.is_empty()) else {
            let text = s.text(path).unwrap_or_default();
            let files = vec![FileDiagnostics {
                path: path.to_string(),
                text,
                diagnostics: errors,
            }];
            return Err(failed(files, diagnostics));
        };
        let abis = kiln_driver::abi::file_abi(s.database(), file);
        let mut out = String::new();
        for f in abis.iter().filter(|f| f.exported) {
            match format {
                0 => {
                    out.push_str(&kiln_driver::abi::json_line(f));
                    out.push('\n');
                }
                _ => out.push_str(&kiln_driver::abi::text_lines(f)),
            }
        }
        let files = vec![FileDiagnostics {
            path: path.to_string(),
            text: s.text(path).unwrap_or_default(),
            diagnostics: Vec::new(),
        }];
        handle::give(diagnostics, kiln_diagnostics::new(files));
        handle::give(records, kiln_buffer::new(out.into_bytes()));
        Ok(())
    })
}

/// The names of the source file `path`'s functions, in source order, one per line, into
/// `*names`.
///
/// # Safety
/// `path` is a NUL-terminated string; `names` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_function_names(
    session: *mut kiln_session,
    path: *const c_char,
    names: *mut *mut kiln_buffer,
) -> kiln_status {
    handle::clear(names);
    on_session(session, "kiln_session_function_names", |s, _| {
        handle::required(names, "names")?;
        let path = handle::text_arg(path, "path")?;
        known(s, path)?;
        let mut out = String::new();
        for name in s.function_names(path) {
            out.push_str(&name);
            out.push('\n');
        }
        handle::give(names, kiln_buffer::new(out.into_bytes()));
        Ok(())
    })
}

/// What the session's last `kiln_session_lower`, `kiln_session_compile` or
/// `kiln_session_compile_to_file` ran (again).
///
/// # Safety
/// `work` is valid for a write.
#[no_mangle]
pub unsafe extern "C" fn kiln_session_last_work(
    session: *mut kiln_session,
    work: *mut kiln_work,
) -> kiln_status {
    on_session(session, "kiln_session_last_work", |_, last| {
        handle::required(work, "work")?;
        *work = kiln_work {
            lowered: last.lowered,
            generated: last.generated,
            units: last.units,
            parts: last.parts,
        };
        Ok(())
    })
}
