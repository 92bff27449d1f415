// error: 3:3: `memref.copy` from `memref<4xf32>` to `memref<5xf32>`: the two must be memrefs of one element type and shape
func.func @f(%a: memref<4xf32>, %b: memref<5xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  func.return
}
