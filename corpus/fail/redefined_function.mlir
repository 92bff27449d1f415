// error: 5:11: redefinition of function `@f`
func.func @f() {
  func.return
}
func.func @f() {
  func.return
}
