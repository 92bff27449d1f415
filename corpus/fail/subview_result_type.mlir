// error: 3:3: this `memref.subview` of `memref<4x4xf32>` is `memref<2x2xf32, strided<[4, 1], offset: 5>>`, not `memref<2x2xf32>`
func.func @f(%m: memref<4x4xf32>) -> f32 {
  %w = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %w[%c0, %c0] : memref<2x2xf32>
  func.return %x : f32
}
