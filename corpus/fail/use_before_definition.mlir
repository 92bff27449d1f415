// error: 3:3: `%1` is used here but its definition does not dominate this use
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %1, %a : i32
  %1 = arith.muli %a, %a : i32
  func.return %0 : i32
}
