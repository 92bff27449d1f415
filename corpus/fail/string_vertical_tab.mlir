// error: 3:3: unterminated string literal (a string cannot hold a line break, vertical tab or form feed)
func.func @f() {
  "useit"() : () -> ()
  func.return
}
