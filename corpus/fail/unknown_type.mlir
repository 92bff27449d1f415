// error: 2:18: unknown type `bf16`
func.func @f(%a: bf16) {
  func.return
}
