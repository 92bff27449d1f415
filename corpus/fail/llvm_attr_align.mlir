// error: 4:33: `llvm.align` on parameter 0 of `@f` would change the LLVM function MLIR emits, and kiln does not implement it
// `llvm.align` promises the pointer's alignment to LLVM; kiln refuses it rather than drop it
// (frontend/src/llvm_attrs.rs).
func.func @f(%m: memref<4xf32> {llvm.align = 16 : i64}) {
  return
}
