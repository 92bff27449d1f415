// error: 4:23: `llvm.noalias` on parameter 0 of `@f` needs a pointer in LLVM, and `i32` does not become one
// error: 4:47: `llvm.zeroext` on parameter 1 of `@f` needs an integer in LLVM, and `f32` does not become one
// A pointer attribute on a scalar and an integer attribute on a float, as MLIR 19 refuses them.
func.func @f(%x: i32 {llvm.noalias}, %y: f32 {llvm.zeroext}) {
  return
}
