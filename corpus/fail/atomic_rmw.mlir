// error: 7:3: `memref.atomic_rmw addi` does not apply to `f32` elements
// error: 8:3: `memref.atomic_rmw ori` does not apply to `i1` elements
// error: 12:26: unknown `memref.atomic_rmw` operation `xori`
// memref.atomic_rmw combines a value of the element type by an operation that applies to it
// (not `i1`, which LLVM's atomics refuse), named by one of MLIR's keywords.
func.func @f(%m: memref<4xf32>, %b: memref<4xi1>, %i: index, %x: f32, %t: i1) {
  %a = memref.atomic_rmw addi %x, %m[%i] : (f32, memref<4xf32>) -> f32
  %c = memref.atomic_rmw ori %t, %b[%i] : (i1, memref<4xi1>) -> i1
  return
}
func.func @g(%m: memref<4xf32>, %i: index, %x: f32) {
  %d = memref.atomic_rmw xori %x, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}
