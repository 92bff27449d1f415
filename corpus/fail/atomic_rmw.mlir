// error: 9:3: `memref.atomic_rmw addi` does not apply to `f32` elements
// error: 10:3: `memref.atomic_rmw ori` does not apply to `i1` elements (LLVM's atomic operations take 8, 16, 32 or 64 bits)
// error: 11:3: `memref.atomic_rmw maxs` does not apply to `i12` elements (LLVM's atomic operations take 8, 16, 32 or 64 bits)
// error: 15:26: unknown `memref.atomic_rmw` operation `xori`
// memref.atomic_rmw combines a value of the element type by an operation that applies to it
// (not `i1` or `i12`: LLVM's atomics take 8, 16, 32 or 64 bits), named by one of MLIR's
// keywords.
func.func @f(%m: memref<4xf32>, %b: memref<4xi1>, %w: memref<4xi12>, %i: index, %x: f32, %t: i1, %y: i12) {
  %a = memref.atomic_rmw addi %x, %m[%i] : (f32, memref<4xf32>) -> f32
  %c = memref.atomic_rmw ori %t, %b[%i] : (i1, memref<4xi1>) -> i1
  %e = memref.atomic_rmw maxs %y, %w[%i] : (i12, memref<4xi12>) -> i12
  return
}
func.func @g(%m: memref<4xf32>, %i: index, %x: f32) {
  %d = memref.atomic_rmw xori %x, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}
