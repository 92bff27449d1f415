// error: 6:3: the alignment of `memref.assume_alignment` must be a power of two of at most 2^30 (MLIR's `i32`), not 12
// error: 7:3: the alignment of `memref.assume_alignment` must be a power of two of at most 2^30 (MLIR's `i32`), not 9223372036854775808
// error: 8:3: `memref.extract_aligned_pointer_as_index` gives an `index`
// An alignment is a power of two that fits MLIR's `i32`; the aligned pointer is an `index`.
func.func @f(%m: memref<4xf32>) {
  memref.assume_alignment %m, 12 : memref<4xf32>
  memref.assume_alignment %m, 9223372036854775808 : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> i64
  return
}
