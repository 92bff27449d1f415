// error: 2:18: unknown type `f8E5M2`
func.func @f(%a: f8E5M2) {
  func.return
}
