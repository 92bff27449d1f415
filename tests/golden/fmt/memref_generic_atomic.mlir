module {
  func.func @clamped_add(%m: memref<8xi32>, %i: index, %x: i32, %hi: i32) -> i32 {
    %old = memref.generic_atomic_rmw %m[%i] : memref<8xi32> {
    ^bb0(%cur: i32):
      %sum = arith.addi %cur, %x : i32
      %new = arith.minsi %sum, %hi : i32
      memref.atomic_yield %new : i32
    }
    func.return %old : i32
  }
  func.func @strided(%m: memref<4x4xi64, strided<[8, 2], offset: ?>>, %i: index, %j: index) -> i64 {
    %old = memref.generic_atomic_rmw %m[%i, %j] : memref<4x4xi64, strided<[8, 2], offset: ?>> {
    ^bb0(%cur: i64):
      %c3 = arith.constant 3 : i64
      %c1 = arith.constant 1 : i64
      %t = arith.muli %cur, %c3 : i64
      %n = arith.addi %t, %c1 : i64
      memref.atomic_yield %n : i64
    }
    func.return %old : i64
  }
  func.func @flipped(%m: memref<?xi16>, %i: index, %mask: i16) -> i16 {
    %old = memref.generic_atomic_rmw %m[%i] : memref<?xi16> {
    ^bb0(%cur: i16):
      %n = arith.xori %cur, %mask : i16
      memref.atomic_yield %n : i16
    }
    func.return %old : i16
  }
}
