// error: 4:27: `llvm.byval` on parameter 0 of `@f` would change the LLVM function MLIR emits, and kiln does not implement it
// `llvm.byval` changes how the argument is passed (a copy in the caller's frame); kiln
// refuses it rather than drop it (frontend/src/llvm_attrs.rs).
func.func private @f(i64 {llvm.byval = i64})
