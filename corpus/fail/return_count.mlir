// error: 3:3: `func.return` has 0 operands but `@f` returns (i32)
func.func @f(%a: i32) -> i32 {
  func.return
}
