// error: 3:23: unexpected end of input, expected `}`, `,` or a block label
func.func @f(%a: i32) -> i32 {
  func.return %a : i32
