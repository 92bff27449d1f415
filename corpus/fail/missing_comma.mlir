// error: 3:22: unexpected value `%b`, expected `,`
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a %b : i32
  func.return %0 : i32
}
