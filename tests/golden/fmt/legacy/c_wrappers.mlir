module {
  func.func private @qux(memref<?x?xf32>) attributes {llvm.emit_c_interface}
  func.func @foo(%arg0: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
    func.return
  }
}
