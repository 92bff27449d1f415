// error: 3:44: duplicate case value `1`
func.func @f(%k: i32) {
  cf.switch %k : i32, [default: ^a, 1: ^a, 1: ^a]
^a:
  func.return
}
