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

/// Each runtime function's name, as lowered code calls it, and its address in this process.
pub fn functions() -> [(&'static str, usize); 1] {
    [("memrefCopy", kiln_rt_memrefCopy as *const () as usize)]
}

/// The address of kiln's runtime function called `name`, if it is one.
pub fn address(name: &str) -> Option<usize> {
    functions()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, a)| a)
}

#[cfg(test)]
mod tests {
    /// A 2x3 window of a 4x8 matrix (row stride 8, offset 10) copied into a dense 2x3 one,
    /// then the same window copied back transposed through strides [1, 2].
    #[test]
    fn memref_copy_follows_both_layouts() {
        let source: Vec<f32> = (0..32).map(|i| i as f32).collect();
        let mut dense = [0f32; 6];
        #[repr(C)]
        struct Desc2 {
            allocated: *const f32,
            aligned: *const f32,
            offset: i64,
            sizes: [i64; 2],
            strides: [i64; 2],
        }
        #[repr(C)]
        struct Unranked {
            rank: i64,
            descriptor: *const Desc2,
        }
        let from = Desc2 {
            allocated: source.as_ptr(),
            aligned: source.as_ptr(),
            offset: 10,
            sizes: [2, 3],
            strides: [8, 1],
        };
        let to = Desc2 {
            allocated: dense.as_mut_ptr(),
            aligned: dense.as_mut_ptr(),
            offset: 0,
            sizes: [2, 3],
            strides: [3, 1],
        };
        let (f, t) = (
            Unranked {
                rank: 2,
                descriptor: &from,
            },
            Unranked {
                rank: 2,
                descriptor: &to,
            },
        );
        // SAFETY: both descriptors describe live buffers large enough for their extents.
        unsafe {
            super::kiln_rt_memrefCopy(
                4,
                (&f as *const Unranked).cast(),
                (&t as *const Unranked).cast(),
            )
        };
        assert_eq!(dense, [10.0, 11.0, 12.0, 18.0, 19.0, 20.0]);

        let mut columns = [0f32; 6];
        let transposed = Desc2 {
            allocated: columns.as_mut_ptr(),
            aligned: columns.as_mut_ptr(),
            offset: 0,
            sizes: [2, 3],
            strides: [1, 2],
        };
        let t = Unranked {
            rank: 2,
            descriptor: &transposed,
        };
        // SAFETY: as above.
        unsafe {
            super::kiln_rt_memrefCopy(
                4,
                (&f as *const Unranked).cast(),
                (&t as *const Unranked).cast(),
            )
        };
        assert_eq!(columns, [10.0, 18.0, 11.0, 19.0, 12.0, 20.0]);
    }

    /// An empty dimension copies nothing; rank 0 copies one element.
    #[test]
    fn memref_copy_of_nothing_and_of_one() {
        #[repr(C)]
        struct Desc1 {
            allocated: *const i64,
            aligned: *const i64,
            offset: i64,
            sizes: [i64; 1],
            strides: [i64; 1],
        }
        #[repr(C)]
        struct Unranked<T> {
            rank: i64,
            descriptor: *const T,
        }
        let source = [7i64, 8];
        let mut target = [0i64; 2];
        let from = Desc1 {
            allocated: source.as_ptr(),
            aligned: source.as_ptr(),
            offset: 1,
            sizes: [0],
            strides: [1],
        };
        let to = Desc1 {
            allocated: target.as_mut_ptr(),
            aligned: target.as_mut_ptr(),
            offset: 0,
            sizes: [0],
            strides: [1],
        };
        let (f, t) = (
            Unranked {
                rank: 1,
                descriptor: &from,
            },
            Unranked {
                rank: 1,
                descriptor: &to,
            },
        );
        // SAFETY: the descriptors describe live buffers; nothing is read past them.
        unsafe {
            super::kiln_rt_memrefCopy(
                8,
                (&f as *const Unranked<Desc1>).cast(),
                (&t as *const Unranked<Desc1>).cast(),
            )
        };
        assert_eq!(target, [0, 0]);
        #[repr(C)]
        struct Desc0 {
            allocated: *const i64,
            aligned: *const i64,
            offset: i64,
        }
        let from = Desc0 {
            allocated: source.as_ptr(),
            aligned: source.as_ptr(),
            offset: 1,
        };
        let to = Desc0 {
            allocated: target.as_mut_ptr(),
            aligned: target.as_mut_ptr(),
            offset: 1,
        };
        let (f, t) = (
            Unranked {
                rank: 0,
                descriptor: &from,
            },
            Unranked {
                rank: 0,
                descriptor: &to,
            },
        );
        // SAFETY: as above.
        unsafe {
            super::kiln_rt_memrefCopy(
                8,
                (&f as *const Unranked<Desc0>).cast(),
                (&t as *const Unranked<Desc0>).cast(),
            )
        };
        assert_eq!(target, [0, 8]);
    }
}
