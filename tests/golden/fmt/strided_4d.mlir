module {
  func.func @load4d(%m: memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, %i: index, %j: index, %k: index, %l: index) -> f32 {
    %x = memref.load %m[%i, %j, %k, %l] : memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
    func.return %x : f32
  }
  func.func @bump4d(%m: memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, %i: index, %j: index, %k: index, %l: index, %d: f32) {
    %x = memref.load %m[%i, %j, %k, %l] : memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
    %y = arith.addf %x, %d : f32
    memref.store %y, %m[%i, %j, %k, %l] : memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
    func.return
  }
}
