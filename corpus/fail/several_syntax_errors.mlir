// error: 5:22: unexpected value `%a`, expected `,`
// error: 6:23: unexpected `:`, expected a value
// error: 9:15: unexpected `{`, expected `(`, `)`, a value, an identifier, `memref` or an LLVM type
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a %a : i32
  %1 = arith.muli %a, : i32
  func.return %a : i32
}
func.func @g( {
  func.return
}
