func.func @f(%x: i32) -> i32 {
  %0 = llvm.intr.ctlz(%x) : (i32) -> i32
  return %0 : i32
}
