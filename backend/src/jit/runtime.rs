//! The functions of MLIR's C runtime (`libmlir_c_runner_utils`) that lowered code calls and
//! kiln provides itself (`runtime/kiln_runtime.c`): `memrefCopy`, which copies a
//! `memref.copy` between layouts that are not one run of memory.
//!
//! Two copies of the C source are built (`build.rs`). One, under the prefix `kiln_rt_`,
//! is linked into kiln, and the JIT maps each MLIR name to it when the process has not
//! loaded MLIR's own runtime (`kiln cpu-runner --shared-libs=…` loads it, and then it
//! wins). The other, under MLIR's names, is an archive ([`ARCHIVE`]) that `kiln compile
//! --emit exe|lib` links after the program's object: the linker takes a function from it
//! only where the program calls one and defines none.

extern "C" {
    fn kiln_rt_memrefCopy(element_bytes: i64, source: *const u8, target: *const u8);
}

/// The static archive of the runtime under MLIR's names, for the linker.
pub static ARCHIVE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/libkiln_runtime.a"));

/// The address of kiln's runtime function that lowered code calls `name`, if it is one.
pub fn address(name: &str) -> Option<usize> {
    match name {
        "memrefCopy" => Some(kiln_rt_memrefCopy as *const () as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    /// A ranked descriptor of rank `N` over elements of type `T`, as the lowering lays it
    /// out (rank 0: the first three fields alone).
    #[repr(C)]
    struct Descriptor<T, const N: usize> {
        allocated: *const T,
        aligned: *const T,
        offset: i64,
        sizes: [i64; N],
        strides: [i64; N],
    }

    fn descriptor<T, const N: usize>(
        buffer: *const T,
        offset: i64,
        sizes: [i64; N],
        strides: [i64; N],
    ) -> Descriptor<T, N> {
        Descriptor {
            allocated: buffer,
            aligned: buffer,
            offset,
            sizes,
            strides,
        }
    }

    /// `memrefCopy(size_of::<T>(), from, to)` with both passed as unranked memrefs.
    fn copy<T, const N: usize>(from: &Descriptor<T, N>, to: &Descriptor<T, N>) {
        #[repr(C)]
        struct Unranked {
            rank: i64,
            descriptor: *const u8,
        }
        let unranked = |d: &Descriptor<T, N>| Unranked {
            rank: N as i64,
            descriptor: (d as *const Descriptor<T, N>).cast(),
        };
        let (f, t) = (unranked(from), unranked(to));
        // SAFETY: each descriptor describes a live buffer large enough for its extents.
        unsafe {
            super::kiln_rt_memrefCopy(
                std::mem::size_of::<T>() as i64,
                (&f as *const Unranked).cast(),
                (&t as *const Unranked).cast(),
            )
        };
    }

    /// A 2x3 window of a 4x8 matrix (row stride 8, offset 10) copied into a dense 2x3 one,
    /// then the same window copied into a transposed target (strides [1, 2]).
    #[test]
    fn memref_copy_follows_both_layouts() {
        let source: Vec<f32> = (0..32).map(|i| i as f32).collect();
        let window = descriptor(source.as_ptr(), 10, [2, 3], [8, 1]);
        let mut dense = [0f32; 6];
        copy(&window, &descriptor(dense.as_mut_ptr(), 0, [2, 3], [3, 1]));
        assert_eq!(dense, [10.0, 11.0, 12.0, 18.0, 19.0, 20.0]);
        let mut columns = [0f32; 6];
        copy(
            &window,
            &descriptor(columns.as_mut_ptr(), 0, [2, 3], [1, 2]),
        );
        assert_eq!(columns, [10.0, 18.0, 11.0, 19.0, 12.0, 20.0]);
    }

    /// An empty dimension copies nothing; rank 0 copies one element.
    #[test]
    fn memref_copy_of_nothing_and_of_one() {
        let source = [7i64, 8];
        let mut target = [0i64; 2];
        copy(
            &descriptor(source.as_ptr(), 1, [0], [1]),
            &descriptor(target.as_mut_ptr(), 0, [0], [1]),
        );
        assert_eq!(target, [0, 0]);
        copy(
            &descriptor(source.as_ptr(), 1, [], []),
            &descriptor(target.as_mut_ptr(), 1, [], []),
        );
        assert_eq!(target, [0, 8]);
    }
}
