// memref.transpose: a view of the same buffer with the sizes and strides permuted (the
// permutation names the source's dimensions, then lists them in the result's order).
func.func @element(%m: memref<2x3xf32>, %i: index, %j: index) -> f32 {
  %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %v = memref.load %t[%i, %j] : memref<3x2xf32, strided<[1, 3]>>
  return %v : f32
}

func.func @rotate(%m: memref<?x?x?xi32>, %i: index, %j: index, %k: index) -> (index, i32) {
  %t = memref.transpose %m (a, b, c) -> (c, a, b) : memref<?x?x?xi32> to memref<?x?x?xi32, strided<[1, ?, ?]>>
  %c0 = arith.constant 0 : index
  %d = memref.dim %t, %c0 : memref<?x?x?xi32, strided<[1, ?, ?]>>
  %v = memref.load %t[%i, %j, %k] : memref<?x?x?xi32, strided<[1, ?, ?]>>
  return %d, %v : index, i32
}

func.func @twice(%m: memref<?x?xf64, strided<[?, 1], offset: ?>>, %i: index, %j: index) -> f64 {
  %t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?x?xf64, strided<[1, ?], offset: ?>>
  %u = memref.transpose %t (d0, d1) -> (d1, d0) : memref<?x?xf64, strided<[1, ?], offset: ?>> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  %v = memref.load %u[%i, %j] : memref<?x?xf64, strided<[?, 1], offset: ?>>
  return %v : f64
}

// run: @element f32[2,3]=1,2,3,4,5,6 2 1
// run: @rotate i32[2,3,4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 3 1 2
// run: @twice f64[2,2]=1.5,2.5,3.5,4.5 1 0
