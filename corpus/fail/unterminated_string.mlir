// error: 3:3: unterminated string literal (a string cannot hold a line break, vertical tab or form feed)
func.func @f(%a: i32) {
  "use(%a) : (i32) -> ()
  func.return
}
