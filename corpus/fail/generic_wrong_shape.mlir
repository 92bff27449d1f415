// error: 3:3: generic `"arith.addi"` does not have the operands, results or successors of `arith.addi`
func.func @f(%a: i32) {
  %0 = "arith.addi"(%a) : (i32) -> i32
  func.return
}
