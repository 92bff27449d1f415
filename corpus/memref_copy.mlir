// memref.copy between identity layouts: one memcpy of the elements.
func.func @copy2d(%src: memref<2x?xf32>, %dst: memref<2x?xf32>) {
  memref.copy %src, %dst : memref<2x?xf32> to memref<2x?xf32>
  func.return
}

// A copy into fresh memory, changed there, then read back: the source is untouched.
func.func @scratch(%src: memref<4xi32>) -> (i32, i32) {
  %tmp = memref.alloc() : memref<4xi32>
  memref.copy %src, %tmp : memref<4xi32> to memref<4xi32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %x = memref.load %tmp[%c3] : memref<4xi32>
  %c9 = arith.constant 9 : i32
  memref.store %c9, %tmp[%c0] : memref<4xi32>
  %y = memref.load %tmp[%c0] : memref<4xi32>
  memref.dealloc %tmp : memref<4xi32>
  func.return %x, %y : i32, i32
}

// A rank-0 memref is one element.
func.func @scalar(%src: memref<f64>, %dst: memref<f64>) {
  memref.copy %src, %dst : memref<f64> to memref<f64>
  func.return
}

// Every other element copied to dense memory: a layout that is not one run of memory is
// copied by `memrefCopy` (MLIR's runtime function; kiln's own in the JIT).
func.func @gather(%src: memref<4xf32, strided<[2]>>, %dst: memref<4xf32>) {
  memref.copy %src, %dst : memref<4xf32, strided<[2]>> to memref<4xf32>
  func.return
}

// A row of a matrix at an offset is one run of memory: one memcpy from its first element.
func.func @row(%src: memref<1x3xi32, strided<[3, 1], offset: ?>>, %dst: memref<1x3xi32>) {
  memref.copy %src, %dst : memref<1x3xi32, strided<[3, 1], offset: ?>> to memref<1x3xi32>
  func.return
}

// A transposed view copied through unranked memrefs.
func.func @through_unranked(%src: memref<2x2xf64, strided<[1, 2]>>, %dst: memref<2x2xf64>) {
  %u = memref.cast %src : memref<2x2xf64, strided<[1, 2]>> to memref<*xf64>
  %v = memref.cast %dst : memref<2x2xf64> to memref<*xf64>
  memref.copy %u, %v : memref<*xf64> to memref<*xf64>
  func.return
}

// run: @gather f32[4;strides=2;offset=0]=1,2,3,4,5,6,7,8 f32[4]=0,0,0,0
// run: @row i32[1,3;strides=3,1;offset=3]=1,2,3,4,5,6,7,8,9 i32[1,3]=0,0,0
// run: @through_unranked f64[2,2;strides=1,2;offset=0]=1,2,3,4 f64[2,2]=0,0,0,0
// run: @copy2d f32[2,3]=1,2,3,4,5,6 f32[2,3]=0,0,0,0,0,0
// run: @scratch i32[4]=5,6,7,8
// run: @scalar f64[]=2.5 f64[]=0
