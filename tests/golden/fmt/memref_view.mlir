module {
  func.func @floats(%n: index, %i: index, %j: index) -> (index, f32) {
    %bytes = memref.alloc() : memref<256xi8>
    %c16 = arith.constant 16 : index
    %v = memref.view %bytes[%c16][%n] : memref<256xi8> to memref<?x4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.constant 2.5 : f32
    memref.store %x, %v[%i, %j] : memref<?x4xf32>
    %d = memref.dim %v, %c0 : memref<?x4xf32>
    %y = memref.load %v[%i, %j] : memref<?x4xf32>
    memref.dealloc %bytes : memref<256xi8>
    func.return %d, %y : index, f32
  }
  func.func @overlap(%x: i32) -> i8 {
    %bytes = memref.alloca() : memref<16xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %ints = memref.view %bytes[%c0][] : memref<16xi8> to memref<4xi32>
    memref.store %x, %ints[%c1] : memref<4xi32>
    %tail = memref.view %bytes[%c4][] : memref<16xi8> to memref<12xi8>
    %b = memref.load %tail[%c0] : memref<12xi8>
    func.return %b : i8
  }
  func.func @reshape(%m: memref<2x6xi32>, %i: index, %j: index, %k: index) -> i32 {
    %shape = memref.alloca() : memref<3xindex>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    memref.store %c3, %shape[%c0] : memref<3xindex>
    memref.store %c2, %shape[%c1] : memref<3xindex>
    memref.store %c2, %shape[%c2] : memref<3xindex>
    %r = memref.reshape %m(%shape) : (memref<2x6xi32>, memref<3xindex>) -> memref<3x2x2xi32>
    %v = memref.load %r[%i, %j, %k] : memref<3x2x2xi32>
    func.return %v : i32
  }
  func.func @reshape_dynamic(%m: memref<2x6xi32>, %a: index, %b: index, %i: index, %j: index) -> (index, i32) {
    %shape = memref.alloca() : memref<2xindex>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    memref.store %a, %shape[%c0] : memref<2xindex>
    memref.store %b, %shape[%c1] : memref<2xindex>
    %r = memref.reshape %m(%shape) : (memref<2x6xi32>, memref<2xindex>) -> memref<?x?xi32>
    memref.store %c0, %shape[%c0] : memref<2xindex>
    %d = memref.dim %r, %c1 : memref<?x?xi32>
    %v = memref.load %r[%i, %j] : memref<?x?xi32>
    func.return %d, %v : index, i32
  }
  func.func @reshape_i32(%m: memref<12xf32>, %s: memref<2xi32>, %i: index, %j: index) -> f32 {
    %r = memref.reshape %m(%s) : (memref<12xf32>, memref<2xi32>) -> memref<?x4xf32>
    %v = memref.load %r[%i, %j] : memref<?x4xf32>
    func.return %v : f32
  }
}
