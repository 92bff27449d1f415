// error: 7:3: `memref.realloc` takes and gives 1-D memrefs of the identity layout and one element type, not `memref<4xf32>` and `memref<2x4xf32>`
// error: 8:3: `memref.realloc` to `memref<?xf32>` takes a size operand exactly where the size is dynamic
// error: 9:3: `memref.realloc` to `memref<8xf32>` takes a size operand exactly where the size is dynamic
// memref.realloc takes and gives 1-D memrefs of the identity layout, with a size operand
// exactly where the result's size is dynamic.
func.func @f(%m: memref<4xf32>, %d: memref<?xf32>, %n: index) {
  %a = memref.realloc %m : memref<4xf32> to memref<2x4xf32>
  %b = memref.realloc %d : memref<?xf32> to memref<?xf32>
  %c = memref.realloc %d(%n) : memref<?xf32> to memref<8xf32>
  return
}
