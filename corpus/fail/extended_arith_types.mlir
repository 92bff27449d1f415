// error: 3:3: `arith.mulsi_extended` needs a signless integer operand, but `%i` has type `index`
func.func @f(%i: index) -> index {
  %l, %h = arith.mulsi_extended %i, %i : index
  func.return %h : index
}
