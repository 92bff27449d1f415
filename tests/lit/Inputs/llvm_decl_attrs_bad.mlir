module {
  llvm.func @f(!llvm.ptr {llvm.zeroext})
}
