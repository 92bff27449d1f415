// error: 4:8: `llvm.intr.abs` has no custom form: MLIR writes it in generic form, `"llvm.intr.abs"(%x) <{is_int_min_poison = false}> : (i32) -> i32`
// The LLVM dialect has no custom form for `llvm.intr.abs`, `ctlz` and `cttz`.
func.func @f(%x: i32) -> i32 {
  %0 = llvm.intr.abs(%x) : (i32) -> i32
  return %0 : i32
}
