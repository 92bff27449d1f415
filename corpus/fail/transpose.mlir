// error: 5:3: `memref.transpose` of `memref<2x3xf32>` is `memref<3x2xf32, strided<[1, 3], offset: 0>>`, not `memref<3x2xf32>`
// error: 9:45: `d2` is not a dimension the permutation binds, or comes twice
// The result type is the permuted view's; the permutation lists each dimension once.
func.func @f(%m: memref<2x3xf32>) {
  %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32>
  return
}
func.func @g(%m: memref<2x3xf32>) {
  %t = memref.transpose %m (d0, d1) -> (d1, d2) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  return
}
