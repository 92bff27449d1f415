// error: 4:3: unexpected value `%0`, expected `}` or a block label
func.func @f(%a: i32) -> i32 {
  func.return %a : i32
  %0 = arith.addi %a, %a : i32
}
