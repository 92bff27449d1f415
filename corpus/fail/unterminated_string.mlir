// error: 3:3: unterminated string literal
func.func @f(%a: i32) {
  "use(%a) : (i32) -> ()
  func.return
}
