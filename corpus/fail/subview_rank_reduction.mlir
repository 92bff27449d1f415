// error: 6:3: this `memref.subview` of `memref<4x4xf32>` is `memref<2x4xf32, strided<[4, 1]>>` with dimensions of size 1 dropped, not `memref<8xf32>`
// error: 7:3: this `memref.subview` of `memref<4x4xf32>` is `memref<1x4xf32, strided<[4, 1]>>` with dimensions of size 1 dropped, not `memref<4xf32, strided<[4]>>`
// A rank-reducing subview drops dimensions of size 1 only, and keeps the strides the full
// view has.
func.func @f(%m: memref<4x4xf32>) {
  %a = memref.subview %m[0, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<8xf32>
  %b = memref.subview %m[0, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4]>>
  return
}
