// C-compatible wrappers (seed 000): functions with llvm.emit_c_interface get an extra
// @_mlir_ciface_ entry point taking descriptors by pointer.
func.func @scale(%m: memref<?x?xf32>, %s: f32) -> f32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0, %c0] : memref<?x?xf32>
  %y = arith.mulf %x, %s : f32
  memref.store %y, %m[%c0, %c0] : memref<?x?xf32>
  func.return %y : f32
}

// Two results come back through an out-pointer in the C wrapper.
func.func @minmax(%a: i32, %b: i32) -> (i32, i32) attributes {llvm.emit_c_interface} {
  %lo = arith.minsi %a, %b : i32
  %hi = arith.maxsi %a, %b : i32
  func.return %lo, %hi : i32, i32
}

// An external function with the attribute is called through @_mlir_ciface_qux.
func.func private @qux(memref<?x?xf32>) attributes {llvm.emit_c_interface}

func.func @call_qux(%m: memref<?x?xf32>) {
  func.call @qux(%m) : (memref<?x?xf32>) -> ()
  func.return
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @scale f32[1,1]=3 2.5
// run: @minmax 7 3
// run: @minmax -1 1
