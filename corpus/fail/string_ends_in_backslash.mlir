// error: 3:17: unexpected end of input, expected `}`, a value, a block label, a string or an operation
// error: 4:3: unterminated string literal (a string cannot hold a line break, vertical tab or form feed)
func.func @f() {
  "use\