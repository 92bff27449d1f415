// error: 4:13: redefinition of symbol `@puts`
// error: 6:13: redefinition of symbol `@f`
module {
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.mlir.global internal constant @puts("x\00") {addr_space = 0 : i32}
  llvm.func @f(i32)
  func.func @f() {
    return
  }
}
