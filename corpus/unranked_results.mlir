// Several unranked results (MLIR's `return_two_var_memref`, calling-convention.mlir):
// each returned unranked memref is its own heap copy of the descriptor, even when two
// results are the same value, and the caller copies each to its stack and frees it.
// tests/c/unranked_results.c calls the C wrapper, which returns both through an out-pointer.
// run: @caller f32[4,3]=0,1,2,3,4,5,6,7,8,9,10,11
// run: @mixed f32[2]=1.5,2.5 7
func.func @two(%m: memref<4x3xf32>) -> (memref<*xf32>, memref<*xf32>) attributes { llvm.emit_c_interface } {
  %u = memref.cast %m : memref<4x3xf32> to memref<*xf32>
  return %u, %u : memref<*xf32>, memref<*xf32>
}

func.func @caller(%m: memref<4x3xf32>) -> f32 {
  %r:2 = call @two(%m) : (memref<4x3xf32>) -> (memref<*xf32>, memref<*xf32>)
  %a = memref.cast %r#0 : memref<*xf32> to memref<4x3xf32>
  %b = memref.cast %r#1 : memref<*xf32> to memref<4x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = memref.load %a[%c1, %c2] : memref<4x3xf32>
  %y = memref.load %b[%c2, %c1] : memref<4x3xf32>
  %s = arith.addf %x, %y : f32
  return %s : f32
}

func.func @mixed(%v: memref<2xf32>, %n: i32) -> (i32, memref<*xf32>, f32) attributes { llvm.emit_c_interface } {
  %u = memref.cast %v : memref<2xf32> to memref<*xf32>
  %c1 = arith.constant 1 : index
  %x = memref.load %v[%c1] : memref<2xf32>
  return %n, %u, %x : i32, memref<*xf32>, f32
}
