// error: 3:3:  operands, results or successors of `arith.addi`
func.func @f(%a: i32) {
  %0 = "arith.adffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdi"(%a) : (i32) -> i32
  func.return
}
