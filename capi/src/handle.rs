//! Handles, statuses and the boundary every exported function crosses.
//!
//! A handle given to C is the address of a value this library keeps in a registry of live
//! handles; C never holds the only reference. Each call looks its handles up before using
//! them, so a null, freed or foreign pointer is a status, never a dereference, and a
//! handle freed by one thread while another uses it stays alive until that use ends (the
//! registry holds an `Arc`, the call a clone of it). In debug builds a bad handle is also
//! diagnosed on standard error, naming the function and whether the handle was freed.
//!
//! Every exported function runs its body through [`boundary`], which turns a Rust panic
//! into [`kiln_status::KILN_ERROR_PANIC`] instead of unwinding into C, and records the
//! message of a failure where [`crate::kiln_last_error`] (and, for a session, its own
//! error) returns it.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// What a call of the C API did: `KILN_OK`, or why it failed. The message of a failure
/// is `kiln_last_error()` (on the calling thread) and, for calls on a session,
/// `kiln_session_error()`.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum kiln_status {
    /// The call succeeded.
    KILN_OK = 0,
    /// A handle argument was NULL.
    KILN_ERROR_NULL_HANDLE = 1,
    /// A handle argument is not a live handle of its type: freed, or never one.
    KILN_ERROR_INVALID_HANDLE = 2,
    /// An argument is invalid: a NULL pointer where one is required, text that is not
    /// UTF-8, a byte range outside the text, an optimization level above 3.
    KILN_ERROR_INVALID_ARGUMENT = 3,
    /// The program (or the rules) has errors; the diagnostics say which and where.
    KILN_ERROR_DIAGNOSTICS = 4,
    /// Reading or writing a file failed.
    KILN_ERROR_IO = 5,
    /// What was asked for does not exist: a source file the session does not have, a
    /// function the JIT did not compile.
    KILN_ERROR_NOT_FOUND = 6,
    /// LLVM could not compile or load the program for the JIT.
    KILN_ERROR_JIT = 7,
    /// Another thread is using the session; calls on one session must not overlap.
    KILN_ERROR_BUSY = 8,
    /// A bug in kiln: it panicked. The session stays usable; please report the message.
    KILN_ERROR_PANIC = 9,
}

/// A failed call: its status and message.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: kiln_status,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(status: kiln_status, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }

    pub(crate) fn argument(message: impl Into<String>) -> Failure {
        Failure::new(kiln_status::KILN_ERROR_INVALID_ARGUMENT, message)
    }
}

/// What a call's body gives: nothing (the outputs are written through pointers) or why
/// it failed.
pub(crate) type Outcome = Result<(), Failure>;

thread_local! {
    /// The message of the calling thread's last failed call, as C reads it: C's `errno`
    /// for the calls that have no handle to keep it in (and for those that do, a copy).
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// The calling thread's last error message (empty when no call failed yet).
pub(crate) fn last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// `text` as a C string: a NUL inside it (a message quoting a program's bytes) is shown
/// as `\0`.
pub(crate) fn c_string(text: &str) -> CString {
    CString::new(text.replace('\0', "\\0")).unwrap_or_default()
}

/// Runs `body` for the exported function `function`: a panic becomes
/// [`kiln_status::KILN_ERROR_PANIC`], and a failure's message is recorded as the thread's
/// last error (and passed to `record`, which keeps it in a handle).
pub(crate) fn boundary(
    function: &str,
    record: impl FnOnce(&str),
    body: impl FnOnce() -> Outcome,
) -> kiln_status {
    let outcome = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(outcome) => outcome,
        Err(panic) => Err(Failure::new(
            kiln_status::KILN_ERROR_PANIC,
            format!("kiln panicked in {function}: {}", panic_message(&*panic)),
        )),
    };
    match outcome {
        Ok(()) => kiln_status::KILN_OK,
        Err(failure) => {
            let message = c_string(&failure.message);
            record(&failure.message);
            LAST_ERROR.with(|e| *e.borrow_mut() = message);
            failure.status
        }
    }
}

fn panic_message(panic: &(dyn Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(s), _) => s.to_string(),
        (_, Some(s)) => s.clone(),
        _ => "(no message)".to_string(),
    }
}

/// A type whose values C holds by handle.
pub(crate) trait HandleKind: Send + Sync + Sized + 'static {
    /// The C type's name, for messages (`kiln_session`).
    const NAME: &'static str;
}

/// A live handle's value, of whichever handle type (so the registry knows none of them):
/// the type's name, for messages, and the value, which `get` takes back as its own type.
pub(crate) struct Live {
    name: &'static str,
    value: Arc<dyn Any + Send + Sync>,
}

impl Live {
    fn of<T: HandleKind>(value: Arc<T>) -> Live {
        Live {
            name: T::NAME,
            value,
        }
    }

    fn name(&self) -> &'static str {
        self.name
    }

    /// The value, when it is a `T`.
    fn as_kind<T: HandleKind>(&self) -> Option<Arc<T>> {
        self.value.clone().downcast::<T>().ok()
    }
}

/// The live handles by address, and (in debug builds) the addresses freed since, to
/// tell a freed handle from one that never was.
#[derive(Default)]
struct Registry {
    live: HashMap<usize, Live>,
    freed: std::collections::HashSet<usize>,
}

fn registry() -> MutexGuard<'static, Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    // A panic never happens while the registry is locked (its operations are a map's),
    // but a poisoned lock is still the registry as it was.
    REGISTRY
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Makes `value` a live handle and returns it.
pub(crate) fn register<T: HandleKind>(value: T) -> *mut T {
    let value = Arc::new(value);
    let address = Arc::as_ptr(&value) as usize;
    let mut r = registry();
    r.freed.remove(&address);
    r.live.insert(address, Live::of(value));
    address as *mut T
}

/// Writes a new handle of `value` to `out`.
///
/// # Safety
/// `out` is NULL or valid for a write of a pointer.
pub(crate) unsafe fn give<T: HandleKind>(out: *mut *mut T, value: T) {
    if !out.is_null() {
        *out = register(value);
    }
}

/// Clears the output `out` (when given), so that a failed call leaves NULL there.
///
/// # Safety
/// `out` is NULL or valid for a write of a pointer.
pub(crate) unsafe fn clear<T>(out: *mut *mut T) {
    if !out.is_null() {
        *out = std::ptr::null_mut();
    }
}

/// The value of the handle `handle` of type `T`, checked.
pub(crate) fn get<T: HandleKind>(handle: *const T, function: &str) -> Result<Arc<T>, Failure> {
    if handle.is_null() {
        return Err(bad_handle(
            kiln_status::KILN_ERROR_NULL_HANDLE,
            format!("{function}: the {} handle is NULL", T::NAME),
        ));
    }
    let address = handle as usize;
    let r = registry();
    match r.live.get(&address) {
        Some(live) => match live.as_kind::<T>() {
            Some(value) => Ok(value),
            None => {
                let other = live.name();
                drop(r);
                Err(bad_handle(
                    kiln_status::KILN_ERROR_INVALID_HANDLE,
                    format!("{function}: {address:#x} is a {other}, not a {}", T::NAME),
                ))
            }
        },
        None => {
            let freed = r.freed.contains(&address);
            drop(r);
            let message = match freed {
                true => format!("{function}: the {} handle {address:#x} was freed", T::NAME),
                false => format!("{function}: {address:#x} is not a {} handle", T::NAME),
            };
            Err(bad_handle(kiln_status::KILN_ERROR_INVALID_HANDLE, message))
        }
    }
}

/// Frees the handle `handle` of type `T`: the registry lets go of its value (which is
/// dropped when no call still uses it).
pub(crate) fn release<T: HandleKind>(handle: *mut T, function: &str) -> Outcome {
    get(handle, function)?;
    let address = handle as usize;
    let value = {
        let mut r = registry();
        let value = r.live.remove(&address);
        if cfg!(debug_assertions) {
            r.freed.insert(address);
        }
        value
    };
    // Dropped outside the registry's lock: a session's drop can take a while.
    drop(value);
    Ok(())
}

/// A bad-handle failure; in debug builds also written to standard error, as a host's
/// misuse of a handle is a bug in the host worth seeing at once.
fn bad_handle(status: kiln_status, message: String) -> Failure {
    if cfg!(debug_assertions) {
        eprintln!("kiln: {message}");
    }
    Failure::new(status, message)
}

/// The UTF-8 text of the C string `p` (the argument `what`), checked.
///
/// # Safety
/// `p` is NULL or a NUL-terminated string.
pub(crate) unsafe fn text_arg<'a>(p: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return Err(Failure::argument(format!("`{what}` is NULL")));
    }
    utf8(CStr::from_ptr(p).to_bytes(), what)
}

/// The UTF-8 text of `len` bytes at `p` (the argument `what`; NULL only with `len` 0).
///
/// # Safety
/// `p` is NULL or valid for reads of `len` bytes.
pub(crate) unsafe fn bytes_arg<'a>(
    p: *const c_char,
    len: usize,
    what: &str,
) -> Result<&'a str, Failure> {
    if p.is_null() {
        return match len {
            0 => Ok(""),
            _ => Err(Failure::argument(format!(
                "`{what}` is NULL with a length of {len}"
            ))),
        };
    }
    utf8(std::slice::from_raw_parts(p.cast::<u8>(), len), what)
}

fn utf8<'a>(bytes: &'a [u8], what: &str) -> Result<&'a str, Failure> {
    std::str::from_utf8(bytes).map_err(|e| {
        Failure::argument(format!(
            "`{what}` is not UTF-8: byte {} starts an invalid sequence",
            e.valid_up_to()
        ))
    })
}

/// An optional C string: NULL is `None`.
///
/// # Safety
/// `p` is NULL or a NUL-terminated string.
pub(crate) unsafe fn optional_text_arg(
    p: *const c_char,
    what: &str,
) -> Result<Option<String>, Failure> {
    match p.is_null() {
        true => Ok(None),
        false => text_arg(p, what).map(|s| Some(s.to_string())),
    }
}

/// Checks that the required output pointer `out` (the argument `what`) is not NULL.
pub(crate) fn required<T>(out: *mut T, what: &str) -> Outcome {
    match out.is_null() {
        true => Err(Failure::argument(format!("`{what}` is NULL"))),
        false => Ok(()),
    }
}
