// error: 3:22: operand `%b` has type `i64`, expected `index`
func.func @f(%a: index, %b: i64) -> index {
  %0 = index.add %a, %b
  func.return %0 : index
}
