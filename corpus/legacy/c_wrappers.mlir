// C interface wrappers in the legacy syntax: an external function and a defined one.
func @qux(%arg0: memref<?x?xf32>) attributes {llvm.emit_c_interface}

func @foo(%arg0: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  return
}
