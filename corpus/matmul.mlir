// C += A * B for row-major MxK and KxN matrices, written with cf loops.
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  cf.br ^i_loop(%c0 : index)
^i_loop(%i: index):
  %i_ok = arith.cmpi slt, %i, %M : index
  cf.cond_br %i_ok, ^j_start, ^done
^j_start:
  cf.br ^j_loop(%c0 : index)
^j_loop(%j: index):
  %j_ok = arith.cmpi slt, %j, %N : index
  cf.cond_br %j_ok, ^k_start, ^i_next
^k_start:
  %c_init = memref.load %C[%i, %j] : memref<?x?xf32>
  cf.br ^k_loop(%c0, %c_init : index, f32)
^k_loop(%k: index, %acc: f32):
  %k_ok = arith.cmpi slt, %k, %K : index
  cf.cond_br %k_ok, ^k_body, ^j_next
^k_body:
  %a = memref.load %A[%i, %k] : memref<?x?xf32>
  %b = memref.load %B[%k, %j] : memref<?x?xf32>
  %p = arith.mulf %a, %b : f32
  %acc2 = arith.addf %acc, %p : f32
  %k2 = arith.addi %k, %c1 : index
  cf.br ^k_loop(%k2, %acc2 : index, f32)
^j_next:
  memref.store %acc, %C[%i, %j] : memref<?x?xf32>
  %j2 = arith.addi %j, %c1 : index
  cf.br ^j_loop(%j2 : index)
^i_next:
  %i2 = arith.addi %i, %c1 : index
  cf.br ^i_loop(%i2 : index)
^done:
  func.return
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @matmul f32[2,3]=1,2,3,4,5,6 f32[3,2]=7,8,9,10,11,12 f32[2,2]=0,0,0,100
