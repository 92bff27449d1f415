// error: 5:33: `llvm.noalias` on parameter 0 of `@f` would change the LLVM function MLIR emits, and kiln does not implement it
// MLIR 19 puts `noalias` on the expanded pointer parameters; kiln does not implement it, so
// it refuses the attribute where it is written instead of dropping it
// (frontend/src/llvm_attrs.rs).
func.func @f(%m: memref<4xf32> {llvm.noalias}) {
  return
}
