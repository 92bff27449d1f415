// error: 3:3: `arith.addi` produces 1 result but 2 are named
func.func @f(%a: i32) -> i32 {
  %x, %y = arith.addi %a, %a : i32
  func.return %x : i32
}
