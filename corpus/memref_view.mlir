// memref.view (a typed view of a byte buffer from a byte shift on) and memref.reshape (a
// buffer of the identity layout with the sizes of a shape operand, static or read from it).
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
  return %d, %y : index, f32
}

// Two views of one buffer: i32 elements written at byte 0, read back as i8 bytes through
// another view 4 bytes on (little-endian: the second i32's lowest byte).
func.func @overlap(%x: i32) -> i8 {
  %bytes = memref.alloca() : memref<16xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ints = memref.view %bytes[%c0][] : memref<16xi8> to memref<4xi32>
  memref.store %x, %ints[%c1] : memref<4xi32>
  %tail = memref.view %bytes[%c4][] : memref<16xi8> to memref<12xi8>
  %b = memref.load %tail[%c0] : memref<12xi8>
  return %b : i8
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
  return %v : i32
}

// The sizes of a dynamic result are read from the shape operand when the reshape runs: a
// later store to it changes nothing.
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
  return %d, %v : index, i32
}

// mlir-19-differs: @reshape_i32 MLIR 19's lowering of a shape of `i32` leaves an
// unrealized cast from `i32` to `i64` that mlir-translate refuses; kiln casts the sizes.
func.func @reshape_i32(%m: memref<12xf32>, %s: memref<2xi32>, %i: index, %j: index) -> f32 {
  %r = memref.reshape %m(%s) : (memref<12xf32>, memref<2xi32>) -> memref<?x4xf32>
  %v = memref.load %r[%i, %j] : memref<?x4xf32>
  return %v : f32
}

// run: @floats 3 2 1
// run: @overlap 258
// run: @reshape i32[2,6]=0,1,2,3,4,5,6,7,8,9,10,11 2 1 0
// run: @reshape_dynamic i32[2,6]=0,1,2,3,4,5,6,7,8,9,10,11 4 3 2 1
// run: @reshape_i32 f32[12]=0,1,2,3,4,5,6,7,8,9,10,11 i32[2]=3,4 2 1
