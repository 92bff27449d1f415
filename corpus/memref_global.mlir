// memref.global and memref.get_global: constant tables (as bufferization leaves them),
// mutable state kept between calls, uninitialized scratch memory, and a rank-0 global.
memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.5, 2.0, -3.25], [4.0, 5.5, 6.0]]> {alignment = 64 : i64}
memref.global "private" constant @splat : memref<4xi16> = dense<-7>
memref.global @counter : memref<i64> = dense<0>
memref.global "private" @scratch : memref<3xindex> = uninitialized
memref.global "private" constant @flags : memref<3xi1> = dense<[true, false, true]>
memref.global "private" constant @bytes : memref<2xi32> = dense<"0x0100000002000000">

func.func @lookup(%i: index, %j: index) -> f32 {
  %t = memref.get_global @table : memref<2x3xf32>
  %v = memref.load %t[%i, %j] : memref<2x3xf32>
  return %v : f32
}

func.func @splat_sum() -> i16 {
  %s = memref.get_global @splat : memref<4xi16>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = memref.load %s[%c0] : memref<4xi16>
  %b = memref.load %s[%c3] : memref<4xi16>
  %r = arith.addi %a, %b : i16
  return %r : i16
}

// Each call adds one to the counter and returns the new count.
func.func @bump(%n: i64) -> i64 {
  %g = memref.get_global @counter : memref<i64>
  %v = memref.load %g[] : memref<i64>
  %w = arith.addi %v, %n : i64
  memref.store %w, %g[] : memref<i64>
  return %w : i64
}

func.func @twice() -> i64 {
  %c1 = arith.constant 1 : i64
  %a = call @bump(%c1) : (i64) -> i64
  %b = call @bump(%c1) : (i64) -> i64
  %r = arith.addi %a, %b : i64
  return %r : i64
}

func.func @scratch_roundtrip(%x: index) -> index {
  %s = memref.get_global @scratch : memref<3xindex>
  %c2 = arith.constant 2 : index
  memref.store %x, %s[%c2] : memref<3xindex>
  %v = memref.load %s[%c2] : memref<3xindex>
  return %v : index
}

func.func @flag(%i: index) -> i1 {
  %f = memref.get_global @flags : memref<3xi1>
  %v = memref.load %f[%i] : memref<3xi1>
  return %v : i1
}

func.func @hex(%i: index) -> i32 {
  %b = memref.get_global @bytes : memref<2xi32>
  %v = memref.load %b[%i] : memref<2xi32>
  return %v : i32
}

// The global passed on as an ordinary memref.
func.func @row_sum(%m: memref<2x3xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.load %m[%i, %c0] : memref<2x3xf32>
  %b = memref.load %m[%i, %c1] : memref<2x3xf32>
  %c = memref.load %m[%i, %c2] : memref<2x3xf32>
  %s = arith.addf %a, %b : f32
  %t = arith.addf %s, %c : f32
  return %t : f32
}

func.func @table_row(%i: index) -> f32 {
  %t = memref.get_global @table : memref<2x3xf32>
  %r = call @row_sum(%t, %i) : (memref<2x3xf32>, index) -> f32
  return %r : f32
}

// run: @lookup 1 2
// run: @lookup 0 2
// run: @splat_sum
// run: @twice
// run: @scratch_roundtrip 42
// run: @flag 2
// run: @hex 1
// run: @table_row 1
