//! The global allocator of the `kiln` binary: mimalloc, called the way Rust's own system
//! allocator calls `malloc`.
//!
//! Lowering allocates and frees many small e-graph nodes, vectors and terms on every thread
//! (about 6,400 allocations per memref-heavy function); mimalloc's thread-local free lists
//! make that markedly cheaper than glibc's malloc (`docs/history/benchmarks.md`, "Lowering
//! memref-heavy code"). The `mimalloc` crate's allocator passes every request to
//! `mi_malloc_aligned`, which checks the alignment before it allocates; yet nearly every
//! Rust allocation asks for no more alignment than `mi_malloc` gives (16 bytes, and a
//! block's own size below that). So, as `std`'s `System` allocator does with `malloc`, an
//! allocation whose alignment is at most 16 and at most its size goes to `mi_malloc`, and
//! only the rest to the aligned entry points: 0.986× the instructions of a memref-heavy
//! lowering (measured against the `mimalloc` crate's allocator).
//!
//! With the package's default feature `malloc-override`, mimalloc also takes the C
//! library's `malloc` and `free` for the whole process (its static override), so that LLVM's
//! own allocations — most of the time `compile`, `run` and `verify` spend — are mimalloc's
//! too; the Python extension and the fuzz targets, which live in other programs' processes,
//! build without it.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment `mi_malloc` gives a block of more than 8 bytes on 64-bit targets: its
/// `MI_MAX_ALIGN_SIZE` is 16, twice a word, so it rounds every size class above one word to
/// whole 16-byte units (`MI_ALIGN2W` in its `page-queue.c`) and a block of 8 bytes or fewer
/// is 8-aligned. With `align <= size` below, that covers every layout sent to `mi_malloc`.
const MALLOC_ALIGN: usize = 16;

/// Whether `mi_malloc` alone gives a block of `size` bytes the alignment `align`.
#[inline]
fn plain(align: usize, size: usize) -> bool {
    align <= MALLOC_ALIGN && align <= size
}

pub struct Allocator;

// SAFETY: every block comes from mimalloc, with at least the alignment its layout asks for
// (see `plain`), and is freed by `mi_free`, which takes blocks of every entry point.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // The new block keeps the old alignment, which must hold at the new size.
        if plain(layout.align(), new_size) {
            mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_have_the_alignment_their_layout_asks_for() {
        let a = Allocator;
        for (size, align) in [
            (1, 1),
            (8, 8),
            (12, 4),
            (16, 16),
            (24, 8),
            (48, 16),
            (8, 32),
            (100, 64),
            (4096, 4096),
        ] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: the layouts have non-zero sizes; each block is freed once.
            unsafe {
                let p = a.alloc(layout);
                assert!(!p.is_null());
                assert_eq!(p as usize % align, 0, "size {size}, align {align}");
                let q = a.realloc(p, layout, size * 3);
                assert_eq!(
                    q as usize % align,
                    0,
                    "realloc of size {size}, align {align}"
                );
                a.dealloc(q, Layout::from_size_align(size * 3, align).unwrap());
                let z = a.alloc_zeroed(layout);
                assert!(std::slice::from_raw_parts(z, size).iter().all(|b| *b == 0));
                a.dealloc(z, layout);
            }
        }
    }

    /// Every size up to 2 KiB with every alignment up to 16 that the size allows: what
    /// `mi_malloc` hands out is aligned as the layout asks (many blocks at once, so that
    /// they come from every position of their pages).
    #[test]
    fn plain_blocks_of_every_small_size_are_aligned() {
        let a = Allocator;
        for size in 1..=2048usize {
            for align in [1, 2, 4, 8, 16].into_iter().filter(|al| *al <= size) {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: non-zero sizes; each block is freed once, with its layout.
                unsafe {
                    let blocks: Vec<*mut u8> = (0..8).map(|_| a.alloc(layout)).collect();
                    for p in &blocks {
                        assert!(!p.is_null());
                        assert_eq!(*p as usize % align, 0, "size {size}, align {align}");
                    }
                    for p in blocks {
                        a.dealloc(p, layout);
                    }
                }
            }
        }
    }
}
