//! libkiln: kiln's C API.
//!
//! C and C++ toolchains embed kiln through this library (`libkiln.so`, `libkiln.a`) and
//! its header `include/kiln/kiln.h`, which cbindgen generates from these sources
//! (`capi/tests/header.rs` checks that the checked-in header is what it generates). The
//! API is one of handles and statuses:
//!
//! - every function returns a `kiln_status` and writes its results through pointers;
//! - the handles (`kiln_session`, `kiln_diagnostics`, `kiln_buffer`, `kiln_jit`) are
//!   checked on every call: a NULL, freed or foreign handle is a status, never a crash
//!   (the `handle` module);
//! - a Rust panic never unwinds into C: it is `KILN_ERROR_PANIC`;
//! - a failure's message is `kiln_last_error()` on the calling thread, and for a session
//!   also `kiln_session_error(session)`.
//!
//! The book's chapter "The C API" (`docs/book/src/reference/c-api.md`) is its guide;
//! `examples/cpp/` is a C++ host built with CMake.

mod buffer;
mod diagnostics;
mod handle;
mod jit;
mod session;

pub use buffer::*;
pub use diagnostics::*;
pub use handle::kiln_status;
pub use jit::*;
pub use session::*;

use std::ffi::c_char;

/// The version of this API. A host compiled against API version N runs with any
/// library whose `kiln_api_version()` is N: functions and types are only added, never
/// changed or removed, within a version.
pub const KILN_API_VERSION: u32 = 1;

/// The API version of the library the host is running with (`KILN_API_VERSION` of its
/// header). A host checks it against the `KILN_API_VERSION` it was compiled with.
#[no_mangle]
pub extern "C" fn kiln_api_version() -> u32 {
    KILN_API_VERSION
}

/// kiln's version, as `"0.1.0"`. The string is static.
#[no_mangle]
pub extern "C" fn kiln_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The message of the calling thread's last failed call of the API (the empty string
/// when none failed). Valid until the thread's next failing call.
#[no_mangle]
pub extern "C" fn kiln_last_error() -> *const c_char {
    handle::last_error()
}

/// The name of a status (`"KILN_ERROR_NOT_FOUND"`); `"KILN_STATUS_UNKNOWN"` for a value
/// that is none. The string is static.
#[no_mangle]
pub extern "C" fn kiln_status_name(status: u32) -> *const c_char {
    let name: &'static str = match status {
        0 => "KILN_OK\0",
        1 => "KILN_ERROR_NULL_HANDLE\0",
        2 => "KILN_ERROR_INVALID_HANDLE\0",
        3 => "KILN_ERROR_INVALID_ARGUMENT\0",
        4 => "KILN_ERROR_DIAGNOSTICS\0",
        5 => "KILN_ERROR_IO\0",
        6 => "KILN_ERROR_NOT_FOUND\0",
        7 => "KILN_ERROR_JIT\0",
        8 => "KILN_ERROR_BUSY\0",
        9 => "KILN_ERROR_PANIC\0",
        _ => "KILN_STATUS_UNKNOWN\0",
    };
    name.as_ptr().cast()
}
