// error: 5:39: `func.varargs` on the function of `@f` would change the LLVM function MLIR emits, and kiln does not implement it
// MLIR's func-to-LLVM conversion makes a function with `func.varargs = true` variadic
// (`llvm.func @f(i32, ...)`, MLIR's convert-funcs test); kiln refuses the attribute rather
// than emit `@f(i32)` (frontend/src/llvm_attrs.rs).
func.func @f(%arg0: i32) attributes { "func.varargs" = true } {
  return
}
