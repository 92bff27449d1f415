// error: 10:3: `%x` is used here but its definition does not dominate this use
func.func @f(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^left, ^right
^left:
  %x = arith.addi %a, %a : i32
  cf.br ^join
^right:
  cf.br ^join
^join:
  func.return %x : i32
}
