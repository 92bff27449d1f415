// error: 2:34: strided layout has 1 strides but the memref has rank 2
func.func @f(%m: memref<4x4xf32, strided<[4]>>) {
  func.return
}
