// error: 3:19: type `i64` does not match the type `i32` of `%a`
func.func @f(%a: i32) -> i32 {
  cf.br ^bb1(%a : i64)
^bb1(%x: i32):
  func.return %x : i32
}
