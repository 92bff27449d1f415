module {
  memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.5, 2.0, -3.25], [4.0, 5.5, 6.0]]> {alignment = 64 : i64}
  memref.global "private" constant @splat : memref<4xi16> = dense<-7>
  memref.global @counter : memref<i64> = dense<0>
  memref.global "private" @scratch : memref<3xindex> = uninitialized
  memref.global "private" constant @flags : memref<3xi1> = dense<[true, false, true]>
  memref.global "private" constant @bytes : memref<2xi32> = dense<[1, 2]>
  func.func @lookup(%i: index, %j: index) -> f32 {
    %t = memref.get_global @table : memref<2x3xf32>
    %v = memref.load %t[%i, %j] : memref<2x3xf32>
    func.return %v : f32
  }
  func.func @splat_sum() -> i16 {
    %s = memref.get_global @splat : memref<4xi16>
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %a = memref.load %s[%c0] : memref<4xi16>
    %b = memref.load %s[%c3] : memref<4xi16>
    %r = arith.addi %a, %b : i16
    func.return %r : i16
  }
  func.func @bump(%n: i64) -> i64 {
    %g = memref.get_global @counter : memref<i64>
    %v = memref.load %g[] : memref<i64>
    %w = arith.addi %v, %n : i64
    memref.store %w, %g[] : memref<i64>
    func.return %w : i64
  }
  func.func @twice() -> i64 {
    %c1 = arith.constant 1 : i64
    %a = func.call @bump(%c1) : (i64) -> i64
    %b = func.call @bump(%c1) : (i64) -> i64
    %r = arith.addi %a, %b : i64
    func.return %r : i64
  }
  func.func @scratch_roundtrip(%x: index) -> index {
    %s = memref.get_global @scratch : memref<3xindex>
    %c2 = arith.constant 2 : index
    memref.store %x, %s[%c2] : memref<3xindex>
    %v = memref.load %s[%c2] : memref<3xindex>
    func.return %v : index
  }
  func.func @flag(%i: index) -> i1 {
    %f = memref.get_global @flags : memref<3xi1>
    %v = memref.load %f[%i] : memref<3xi1>
    func.return %v : i1
  }
  func.func @hex(%i: index) -> i32 {
    %b = memref.get_global @bytes : memref<2xi32>
    %v = memref.load %b[%i] : memref<2xi32>
    func.return %v : i32
  }
  func.func @row_sum(%m: memref<2x3xf32>, %i: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = memref.load %m[%i, %c0] : memref<2x3xf32>
    %b = memref.load %m[%i, %c1] : memref<2x3xf32>
    %c = memref.load %m[%i, %c2] : memref<2x3xf32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %c : f32
    func.return %t : f32
  }
  func.func @table_row(%i: index) -> f32 {
    %t = memref.get_global @table : memref<2x3xf32>
    %r = func.call @row_sum(%t, %i) : (memref<2x3xf32>, index) -> f32
    func.return %r : f32
  }
}
