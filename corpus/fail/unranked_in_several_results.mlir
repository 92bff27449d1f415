// stage: lower
// error: 8:3: no rule lowers `lower-types` (needed to lower `func.return`)
// Returning an unranked memref copies its descriptor to the heap, which the rules do for a
// single result only; among several results it is refused rather than left dangling.
func.func @f(%m: memref<4xf32>) -> (memref<*xf32>, i32) {
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  %c = arith.constant 1 : i32
  func.return %u, %c : memref<*xf32>, i32
}
