// Address arithmetic of a 4-d load with dynamic strides and offset (scripts/bench-addr.sh):
// aligned + offset + i*s0 + j*s1 + k*s2 + l*s3, every stride read from the descriptor.
func.func @load4d(%m: memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, %i: index, %j: index, %k: index, %l: index) -> f32 {
  %x = memref.load %m[%i, %j, %k, %l] : memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
  func.return %x : f32
}

// A read-modify-write of one element: MLIR computes the address twice, kiln once.
func.func @bump4d(%m: memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, %i: index, %j: index, %k: index, %l: index, %d: f32) {
  %x = memref.load %m[%i, %j, %k, %l] : memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
  %y = arith.addf %x, %d : f32
  memref.store %y, %m[%i, %j, %k, %l] : memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
  func.return
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @load4d f32[2,2,2,2;strides=1,2,4,8;offset=3]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18 1 0 1 1
// run: @bump4d f32[1,2,1,2;strides=9,3,9,1;offset=1]=0,0,0,0,0,5,0 0 1 0 1 0.5
