module {
  func.func @element(%m: memref<2x3xf32>, %i: index, %j: index) -> f32 {
    %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
    %v = memref.load %t[%i, %j] : memref<3x2xf32, strided<[1, 3]>>
    func.return %v : f32
  }
  func.func @rotate(%m: memref<?x?x?xi32>, %i: index, %j: index, %k: index) -> (index, i32) {
    %t = memref.transpose %m (d0, d1, d2) -> (d2, d0, d1) : memref<?x?x?xi32> to memref<?x?x?xi32, strided<[1, ?, ?]>>
    %c0 = arith.constant 0 : index
    %d = memref.dim %t, %c0 : memref<?x?x?xi32, strided<[1, ?, ?]>>
    %v = memref.load %t[%i, %j, %k] : memref<?x?x?xi32, strided<[1, ?, ?]>>
    func.return %d, %v : index, i32
  }
  func.func @twice(%m: memref<?x?xf64, strided<[?, 1], offset: ?>>, %i: index, %j: index) -> f64 {
    %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?x?xf64, strided<[1, ?], offset: ?>>
    %u = memref.transpose %t (d0, d1) -> (d1, d0) : memref<?x?xf64, strided<[1, ?], offset: ?>> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    %v = memref.load %u[%i, %j] : memref<?x?xf64, strided<[?, 1], offset: ?>>
    func.return %v : f64
  }
}
