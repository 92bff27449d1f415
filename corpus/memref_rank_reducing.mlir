// Rank-reducing memref.subview: a view with dimensions of size 1 dropped, as loop tiling
// leaves them (a row, a column, a vector of a 3-D array, one element).
func.func @row_sum(%m: memref<4x4xf32>, %i: index) -> f32 {
  %r = memref.subview %m[%i, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1], offset: ?>>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = memref.load %r[%c0] : memref<4xf32, strided<[1], offset: ?>>
  %b = memref.load %r[%c3] : memref<4xf32, strided<[1], offset: ?>>
  %s = arith.addf %a, %b : f32
  return %s : f32
}

func.func @column(%m: memref<4x4xf32>, %j: index, %k: index) -> f32 {
  %c = memref.subview %m[0, %j] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: ?>>
  %v = memref.load %c[%k] : memref<4xf32, strided<[4], offset: ?>>
  return %v : f32
}

func.func @fiber(%m: memref<?x?x?xf64>, %i: index, %j: index, %n: index, %k: index) -> (index, f64) {
  %f = memref.subview %m[%i, %j, 0] [1, 1, %n] [1, 1, 1] : memref<?x?x?xf64> to memref<?xf64, strided<[1], offset: ?>>
  %c0 = arith.constant 0 : index
  %d = memref.dim %f, %c0 : memref<?xf64, strided<[1], offset: ?>>
  %v = memref.load %f[%k] : memref<?xf64, strided<[1], offset: ?>>
  return %d, %v : index, f64
}

func.func @element(%m: memref<3x3xi32>, %i: index, %j: index, %x: i32) {
  %e = memref.subview %m[%i, %j] [1, 1] [1, 1] : memref<3x3xi32> to memref<i32, strided<[], offset: ?>>
  memref.store %x, %e[] : memref<i32, strided<[], offset: ?>>
  return
}

// Which unit dimension is dropped is decided by the strides the result states.
func.func @units(%m: memref<1x5x1xf32>, %k: index) -> f32 {
  %v = memref.subview %m[0, 0, 0] [1, 5, 1] [1, 1, 1] : memref<1x5x1xf32> to memref<5xf32, strided<[1]>>
  %x = memref.load %v[%k] : memref<5xf32, strided<[1]>>
  return %x : f32
}

// run: @row_sum f32[4,4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 2
// run: @column f32[4,4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 1 3
// run: @fiber f64[2,3,4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 1 2 3 2
// run: @element i32[3,3]=0,0,0,0,0,0,0,0,0 2 1 9
// run: @units f32[1,5,1]=10,11,12,13,14 3
