// error: 9:3: `memref.expand_shape`: the sizes of group 0 multiply to 20, but the source's dimension 0 has 12
// error: 10:3: `memref.expand_shape`: the reassociation must list the 2 dimensions of the result in order, in non-empty groups
// error: 11:3: `memref.collapse_shape`: group 0 is not contiguous: dimension 0 has stride 6, not 3
// error: 12:3: this `memref.collapse_shape` of `memref<12xf32>` is `memref<12xf32>`, not `memref<12xi32>`
// error: 16:3: `memref.expand_shape` needs its `output_shape [...]` (MLIR 19's form)
// Reshapes keep the element count of each group, list every dimension in order, state the
// layout MLIR infers, and an expansion gives its sizes.
func.func @f(%m: memref<12xf32>, %s: memref<4x3xf32, strided<[6, 1]>>) {
  %a = memref.expand_shape %m [[0, 1]] output_shape [5, 4] : memref<12xf32> into memref<5x4xf32>
  %b = memref.expand_shape %m [[1, 0]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  %c = memref.collapse_shape %s [[0, 1]] : memref<4x3xf32, strided<[6, 1]>> into memref<12xf32>
  %e = memref.collapse_shape %m [[0]] : memref<12xf32> into memref<12xi32>
  return
}
func.func @g(%m: memref<12xf32>) {
  %d = memref.expand_shape %m [[0, 1]] : memref<12xf32> into memref<3x4xf32>
  return
}
