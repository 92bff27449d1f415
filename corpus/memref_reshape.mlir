// memref.expand_shape and memref.collapse_shape: views of the same memory with dimensions
// split or joined (MLIR 19's custom form, `output_shape` for expansions).
func.func @split(%m: memref<12xf32>, %i: index, %j: index) -> f32 {
  %e = memref.expand_shape %m [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  %v = memref.load %e[%i, %j] : memref<3x4xf32>
  return %v : f32
}

func.func @split_dynamic(%m: memref<?x5xi32>, %n: index, %i: index, %j: index, %k: index) -> (index, i32) {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%n, 2, 5] : memref<?x5xi32> into memref<?x2x5xi32>
  %c0 = arith.constant 0 : index
  %d = memref.dim %e, %c0 : memref<?x2x5xi32>
  %v = memref.load %e[%i, %j, %k] : memref<?x2x5xi32>
  return %d, %v : index, i32
}

func.func @join(%m: memref<2x3x4xf64>, %i: index, %j: index) -> f64 {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf64> into memref<6x4xf64>
  %v = memref.load %c[%i, %j] : memref<6x4xf64>
  return %v : f64
}

func.func @join_dynamic(%m: memref<?x?xi64>, %i: index) -> (index, i64) {
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x?xi64> into memref<?xi64>
  %c0 = arith.constant 0 : index
  %d = memref.dim %c, %c0 : memref<?xi64>
  %v = memref.load %c[%i] : memref<?xi64>
  return %d, %v : index, i64
}

// A strided source: rows of 4 taken from rows of 6, so each row stays contiguous.
func.func @join_rows(%m: memref<3x4xf32, strided<[6, 1], offset: 2>>, %i: index) -> f32 {
  %c = memref.collapse_shape %m [[0], [1]] : memref<3x4xf32, strided<[6, 1], offset: 2>> into memref<3x4xf32, strided<[6, 1], offset: 2>>
  %e = memref.expand_shape %c [[0], [1, 2]] output_shape [3, 2, 2] : memref<3x4xf32, strided<[6, 1], offset: 2>> into memref<3x2x2xf32, strided<[6, 2, 1], offset: 2>>
  %c1 = arith.constant 1 : index
  %v = memref.load %e[%i, %c1, %c1] : memref<3x2x2xf32, strided<[6, 2, 1], offset: 2>>
  return %v : f32
}

// A unit dimension's stride is not the group's: MLIR takes the innermost dimension not of
// size 1, or, where the type cannot tell, the least stride of the group.
func.func @join_unit(%m: memref<2x1xf32, strided<[5, 7]>>, %i: index) -> f32 {
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x1xf32, strided<[5, 7]>> into memref<2xf32, strided<[5]>>
  %v = memref.load %c[%i] : memref<2xf32, strided<[5]>>
  return %v : f32
}

func.func @join_strided(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>, %i: index) -> f32 {
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x?xf32, strided<[?, ?], offset: ?>> into memref<?xf32, strided<[?], offset: ?>>
  %v = memref.load %c[%i] : memref<?xf32, strided<[?], offset: ?>>
  return %v : f32
}

func.func @scalar(%m: memref<1x1xi32>) -> i32 {
  %c = memref.collapse_shape %m [] : memref<1x1xi32> into memref<i32>
  %e = memref.expand_shape %c [] output_shape [1, 1, 1] : memref<i32> into memref<1x1x1xi32>
  %c0 = arith.constant 0 : index
  %v = memref.load %e[%c0, %c0, %c0] : memref<1x1x1xi32>
  return %v : i32
}

// A round trip through both, written through.
func.func @round_trip(%m: memref<2x6xi32>, %x: i32) {
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x6xi32> into memref<12xi32>
  %e = memref.expand_shape %c [[0, 1, 2]] output_shape [3, 2, 2] : memref<12xi32> into memref<3x2x2xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %x, %e[%c2, %c1, %c1] : memref<3x2x2xi32>
  return
}

// run: @split f32[12]=0,1,2,3,4,5,6,7,8,9,10,11 2 1
// run: @split_dynamic i32[4,5]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 2 1 1 3
// run: @join f64[2,3,4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 4 3
// run: @join_dynamic i64[2,3]=10,11,12,13,14,15 4
// run: @join_rows f32[3,4;strides=6,1;offset=2]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19 2
// run: @join_unit f32[2,1;strides=5,7]=0,1,2,3,4,5,6 1
// run: @join_strided f32[2,3;strides=6,2;offset=1]=0,1,2,3,4,5,6,7,8,9,10,11,12 4
// run: @scalar i32[1,1]=42
// run: @round_trip i32[2,6]=0,0,0,0,0,0,0,0,0,0,0,0 7
