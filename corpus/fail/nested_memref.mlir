// error: 2:27: expected a scalar element type, found `memref<4xf32>`
func.func @f(%m: memref<4xmemref<4xf32>>) {
  func.return
}
