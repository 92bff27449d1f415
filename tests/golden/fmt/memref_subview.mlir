module {
  func.func @window(%m: memref<4x4xf32>, %i: index, %r: index, %c: index) -> f32 {
    %w = memref.subview %m[%i, 1] [2, 2] [1, 2] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 2], offset: ?>>
    %x = memref.load %w[%r, %c] : memref<2x2xf32, strided<[4, 2], offset: ?>>
    func.return %x : f32
  }
  func.func @poke(%m: memref<?x?xi32>, %o: index, %n: index, %v: i32) {
    %w = memref.subview %m[1, %o] [1, %n] [1, 1] : memref<?x?xi32> to memref<1x?xi32, strided<[?, 1], offset: ?>>
    %c0 = arith.constant 0 : index
    %last = arith.subi %n, %c0 : index
    %c1 = arith.constant 1 : index
    %l = arith.subi %last, %c1 : index
    memref.store %v, %w[%c0, %l] : memref<1x?xi32, strided<[?, 1], offset: ?>>
    func.return
  }
  func.func @nested(%m: memref<16xi64>) -> i64 {
    %a = memref.subview %m[2] [6] [2] : memref<16xi64> to memref<6xi64, strided<[2], offset: 2>>
    %b = memref.subview %a[1] [2] [3] : memref<6xi64, strided<[2], offset: 2>> to memref<2xi64, strided<[6], offset: 4>>
    %c1 = arith.constant 1 : index
    %x = memref.load %b[%c1] : memref<2xi64, strided<[6], offset: 4>>
    func.return %x : i64
  }
}
