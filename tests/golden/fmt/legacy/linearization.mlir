module {
  func.func @load4(%m: memref<?x?x4x8xf32>, %1: index, %2: index, %3: index, %4: index) -> f32 {
    %0 = memref.load %m[%1, %2, %3, %4] : memref<?x?x4x8xf32>
    func.return %0 : f32
  }
  func.func @store4(%m: memref<?x?x4x8xf32>, %v: f32, %1: index, %2: index, %3: index, %4: index) {
    memref.store %v, %m[%1, %2, %3, %4] : memref<?x?x4x8xf32>
    func.return
  }
}
