module {
  func.func @static_2d(%m: memref<4x8xf32>, %i: index, %j: index) -> f32 {
    %x = memref.load %m[%i, %j] : memref<4x8xf32>
    func.return %x : f32
  }
  func.func @dynamic_2d(%m: memref<?x?xf32>, %i: index, %j: index, %v: f32) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
    func.return
  }
  func.func @strided_static(%m: memref<4x8xf32, strided<[16, 1], offset: 4>>, %i: index, %j: index) -> f32 {
    %x = memref.load %m[%i, %j] : memref<4x8xf32, strided<[16, 1], offset: 4>>
    func.return %x : f32
  }
  func.func @strided_dynamic(%m: memref<?x?xi32, strided<[?, ?], offset: ?>>, %i: index, %j: index) -> i32 {
    %x = memref.load %m[%i, %j] : memref<?x?xi32, strided<[?, ?], offset: ?>>
    func.return %x : i32
  }
  func.func @scalar_cell(%m: memref<f64>, %v: f64) -> f64 {
    %old = memref.load %m[] : memref<f64>
    memref.store %v, %m[] : memref<f64>
    func.return %old : f64
  }
  func.func @roundtrip(%n: index, %v: i64) -> i64 {
    %h = memref.alloc(%n) : memref<?xi64>
    %s = memref.alloca() : memref<2xi64>
    %c1 = arith.constant 1 : index
    memref.store %v, %h[%c1] : memref<?xi64>
    %x = memref.load %h[%c1] : memref<?xi64>
    memref.store %x, %s[%c1] : memref<2xi64>
    %y = memref.load %s[%c1] : memref<2xi64>
    memref.dealloc %h : memref<?xi64>
    func.return %y : i64
  }
}
