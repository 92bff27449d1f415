// Index linearization: static strides are constants, unit strides need no
// multiply, a zero offset needs no add, dynamic ones come from the descriptor.

// Static shape: address = i * 8 + j.
func.func @static_2d(%m: memref<4x8xf32>, %i: index, %j: index) -> f32 {
  %x = memref.load %m[%i, %j] : memref<4x8xf32>
  func.return %x : f32
}

// Dynamic shape, identity layout: the outer stride is read from the descriptor.
func.func @dynamic_2d(%m: memref<?x?xf32>, %i: index, %j: index, %v: f32) {
  memref.store %v, %m[%i, %j] : memref<?x?xf32>
  func.return
}

// Explicit static strides and offset: base + 4, then i * 16 + j.
func.func @strided_static(%m: memref<4x8xf32, strided<[16, 1], offset: 4>>, %i: index, %j: index) -> f32 {
  %x = memref.load %m[%i, %j] : memref<4x8xf32, strided<[16, 1], offset: 4>>
  func.return %x : f32
}

// Dynamic strides and offset: everything from the descriptor.
func.func @strided_dynamic(%m: memref<?x?xi32, strided<[?, ?], offset: ?>>, %i: index, %j: index) -> i32 {
  %x = memref.load %m[%i, %j] : memref<?x?xi32, strided<[?, ?], offset: ?>>
  func.return %x : i32
}

// Zero-dimensional: a plain load and store of the aligned pointer.
func.func @scalar_cell(%m: memref<f64>, %v: f64) -> f64 {
  %old = memref.load %m[] : memref<f64>
  memref.store %v, %m[] : memref<f64>
  func.return %old : f64
}

// Allocation on the heap and the stack, with a dynamic size.
func.func @roundtrip(%n: index, %v: i64) -> i64 {
  %h = memref.alloc(%n) : memref<?xi64>
  %s = memref.alloca() : memref<2xi64>
  %c1 = arith.constant 1 : index
  memref.store %v, %h[%c1] : memref<?xi64>
  %x = memref.load %h[%c1] : memref<?xi64>
  memref.store %x, %s[%c1] : memref<2xi64>
  %y = memref.load %s[%c1] : memref<2xi64>
  memref.dealloc %h : memref<?xi64>
  func.return %y : i64
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @static_2d f32[4,8]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 3 5
// run: @dynamic_2d f32[2,3]=0,0,0,0,0,0 1 2 9.5
// run: @strided_static f32[4,8;strides=16,1;offset=4]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67 2 3
// run: @strided_dynamic i32[2,2;strides=3,1;offset=2]=0,1,2,3,4,5,6,7,8,9 1 1
// run: @strided_dynamic i32[3,2;strides=1,3;offset=0]=1,2,3,4,5,6 2 1
// run: @scalar_cell f64[]=2.5 7
// run: @roundtrip 4 99
