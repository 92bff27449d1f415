//! `kiln_buffer`: bytes kiln made (LLVM IR, assembly, an object, lowered text, JSON), owned
//! by the library until the host frees the handle.

use crate::handle::{self, boundary, kiln_status, HandleKind};

/// Bytes kiln made. Text is followed by a NUL byte (not counted in the length), so a
/// host may read a text buffer as a C string; an object may contain NUL bytes itself.
/// A buffer never changes: any thread may read it.
#[allow(non_camel_case_types)]
pub struct kiln_buffer {
    /// The bytes and a NUL after them.
    bytes: Vec<u8>,
}

impl kiln_buffer {
    pub(crate) fn new(mut bytes: Vec<u8>) -> kiln_buffer {
        bytes.push(0);
        kiln_buffer { bytes }
    }
}

impl HandleKind for kiln_buffer {
    const NAME: &'static str = "kiln_buffer";
}

/// The buffer's bytes: `*data` points at `*length` bytes, followed by a NUL byte. They
/// stay valid until the buffer is freed.
///
/// # Safety
/// `data` and `length` are valid for writes.
#[no_mangle]
pub unsafe extern "C" fn kiln_buffer_data(
    buffer: *const kiln_buffer,
    data: *mut *const u8,
    length: *mut usize,
) -> kiln_status {
    boundary(
        "kiln_buffer_data",
        |_| {},
        || {
            handle::required(data, "data")?;
            handle::required(length, "length")?;
            let b = handle::get(buffer, "kiln_buffer_data")?;
            *data = b.bytes.as_ptr();
            *length = b.bytes.len() - 1;
            Ok(())
        },
    )
}

/// Frees a buffer. Its bytes are no longer valid after.
///
/// # Safety
/// `buffer` is any pointer; it is checked.
#[no_mangle]
pub unsafe extern "C" fn kiln_buffer_free(buffer: *mut kiln_buffer) -> kiln_status {
    boundary(
        "kiln_buffer_free",
        |_| {},
        || handle::release(buffer, "kiln_buffer_free"),
    )
}
