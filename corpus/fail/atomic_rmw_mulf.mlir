// stage: lower
// error: 6:3: no rule lowers `memref.atomic_rmw`
// `mulf` and `muli` have no LLVM atomicrmw operation: MLIR 19 expands them to a
// compare-and-swap loop first, which kiln does not, so no rule lowers them.
func.func @f(%m: memref<4xf32>, %i: index, %x: f32) -> f32 {
  %a = memref.atomic_rmw mulf %x, %m[%i] : (f32, memref<4xf32>) -> f32
  return %a : f32
}
