// error: 6:3: `memref.realloc` takes and gives 1-D memrefs of the identity layout and one element type, not `memref<4xf32>` and `memref<2x4xf32>`
// error: 7:3: `memref.realloc` from `memref<?xf32>` to `memref<?xf32>`: kiln reallocates between static sizes
// memref.realloc takes and gives 1-D memrefs of the identity layout; kiln reallocates
// between static sizes.
func.func @f(%m: memref<4xf32>, %d: memref<?xf32>, %n: index) {
  %a = memref.realloc %m : memref<4xf32> to memref<2x4xf32>
  %b = memref.realloc %d(%n) : memref<?xf32> to memref<?xf32>
  return
}
