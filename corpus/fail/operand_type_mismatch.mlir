// error: 3:23: operand `%b` has type `i64`, expected `i32`
func.func @f(%a: i32, %b: i64) -> i32 {
  %0 = arith.addi %a, %b : i32
  func.return %0 : i32
}
