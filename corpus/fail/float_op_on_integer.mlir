// error: 3:3: `arith.addf` needs a floating-point operand, but `%a` has type `i32`
func.func @f(%a: i32) -> i32 {
  %0 = arith.addf %a, %a : i32
  func.return %0 : i32
}
