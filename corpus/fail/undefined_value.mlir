// error: 3:23: use of undefined value `%b`
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  func.return %0 : i32
}
