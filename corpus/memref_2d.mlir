// Ranked memref arguments, 2-d: seven scalar arguments (alloc, align, offset, 2 sizes,
// 2 strides). @trace sums the diagonal of a square matrix.
func.func @trace(%m: memref<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %m, %c0 : memref<?x?xf64>
  cf.br ^loop(%c0, %zero : index, f64)
^loop(%i: index, %acc: f64):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %x = memref.load %m[%i, %i] : memref<?x?xf64>
  %acc2 = arith.addf %acc, %x : f64
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %acc2 : index, f64)
^exit:
  func.return %acc : f64
}

// Writes v at [i, j] of a 4x8 matrix and returns the matrix (a memref result).
func.func @set(%m: memref<4x8xf32>, %i: index, %j: index, %v: f32) -> memref<4x8xf32> {
  memref.store %v, %m[%i, %j] : memref<4x8xf32>
  func.return %m : memref<4x8xf32>
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @trace f64[3,3]=1,0,0,0,2,0,0,0,3
// run: @trace f64[2,2]=1.5,9,9,2
// run: @set f32[4,8]=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 1 2 7.5
