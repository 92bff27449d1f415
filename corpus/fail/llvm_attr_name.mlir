// error: 5:23: `llvm.name` on parameter 0 of `@f` would change the LLVM function MLIR emits, and kiln does not implement it
// error: 5:50: `llvm.readonly` on result 0 of `@f` would change the LLVM function MLIR emits, and kiln does not implement it
// error: 5:78: `llvm.noinline` on the function of `@f` would change the LLVM function MLIR emits, and kiln does not implement it
// Parameter, result and function attributes of LLVM's namespace, each refused where written.
func.func @f(%x: i32 {llvm.name = "x"}) -> (i32 {llvm.readonly}) attributes {llvm.noinline} {
  return %x : i32
}
