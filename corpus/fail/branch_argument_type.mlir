// error: 3:9: branch argument 0 `%a` has type `i32`, but `^bb1` expects `i64`
func.func @f(%a: i32) -> i64 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i64):
  func.return %x : i64
}
