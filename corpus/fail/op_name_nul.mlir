// error: 3:3: a null character is not allowed in an operation name
func.func @f() {
  "use\00"() : () -> ()
  func.return
}
