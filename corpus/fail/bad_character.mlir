// error: 3:32: unexpected character `~`
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 ~
  func.return %0 : i32
}
