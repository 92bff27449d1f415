// error: 3:23: integer literal `300` does not fit in `i8`
func.func @f() -> i8 {
  %0 = arith.constant 300 : i8
  func.return %0 : i8
}
