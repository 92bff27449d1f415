// memref.subview, lowered as MLIR's expand-strided-metadata does: a view of the source's
// buffer at an offset, with sizes, and strides in units of the source's.

// A 2x2 window of a 4x4 matrix at (%i, 1), every other column: element [r, c] is
// m[%i + r, 1 + 2c].
func.func @window(%m: memref<4x4xf32>, %i: index, %r: index, %c: index) -> f32 {
  %w = memref.subview %m[%i, 1] [2, 2] [1, 2] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 2], offset: ?>>
  %x = memref.load %w[%r, %c] : memref<2x2xf32, strided<[4, 2], offset: ?>>
  func.return %x : f32
}

// A subview of a dynamic view, written through: the caller sees the store.
func.func @poke(%m: memref<?x?xi32>, %o: index, %n: index, %v: i32) {
  %w = memref.subview %m[1, %o] [1, %n] [1, 1] : memref<?x?xi32> to memref<1x?xi32, strided<[?, 1], offset: ?>>
  %c0 = arith.constant 0 : index
  %last = arith.subi %n, %c0 : index
  %c1 = arith.constant 1 : index
  %l = arith.subi %last, %c1 : index
  memref.store %v, %w[%c0, %l] : memref<1x?xi32, strided<[?, 1], offset: ?>>
  func.return
}

// A subview of a subview: offsets add up, strides multiply.
func.func @nested(%m: memref<16xi64>) -> i64 {
  %a = memref.subview %m[2] [6] [2] : memref<16xi64> to memref<6xi64, strided<[2], offset: 2>>
  %b = memref.subview %a[1] [2] [3] : memref<6xi64, strided<[2], offset: 2>> to memref<2xi64, strided<[6], offset: 4>>
  %c1 = arith.constant 1 : index
  %x = memref.load %b[%c1] : memref<2xi64, strided<[6], offset: 4>>
  func.return %x : i64
}

// run: @window f32[4,4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 1 1 1
// run: @window f32[4,4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 2 0 0
// run: @poke i32[3,4]=0,0,0,0,0,0,0,0,0,0,0,0 1 3 7
// run: @nested i64[16]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
