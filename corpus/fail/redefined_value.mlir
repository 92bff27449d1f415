// error: 4:3: redefinition of value `%0`
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %0 = arith.muli %a, %a : i32
  func.return %0 : i32
}
