module {
  func.func @window(%m: memref<?x?xf32>, %i: index, %n: index, %r: index, %c: index) -> f32 {
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
    %0 = arith.muli %i, %strides#0 : index
    %c1 = arith.constant 1 : index
    %1 = arith.addi %0, %c1 : index
    %v = memref.reinterpret_cast %base to offset: [%1], sizes: [2, %n], strides: [%strides#0, 2] : memref<f32> to memref<2x?xf32, strided<[?, 2], offset: ?>>
    %x = memref.load %v[%r, %c] : memref<2x?xf32, strided<[?, 2], offset: ?>>
    func.return %x : f32
  }
  func.func @metadata(%m: memref<3x?xi32, strided<[?, 1], offset: ?>>) -> (index, index, index, index, index) {
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<3x?xi32, strided<[?, 1], offset: ?>> -> memref<i32>, index, index, index, index, index
    func.return %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : index, index, index, index, index
  }
  func.func @transpose_store(%m: memref<6xi64>) -> i64 {
    %base, %offset, %size, %stride = memref.extract_strided_metadata %m : memref<6xi64> -> memref<i64>, index, index, index
    %t = memref.reinterpret_cast %base to offset: [0], sizes: [3, 2], strides: [1, 3] : memref<i64> to memref<3x2xi64, strided<[1, 3]>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x = memref.load %t[%c2, %c1] : memref<3x2xi64, strided<[1, 3]>>
    %c100 = arith.constant 100 : i64
    memref.store %c100, %t[%c1, %c0] : memref<3x2xi64, strided<[1, 3]>>
    func.return %x : i64
  }
}
