// error: 3:15: returned value `%a` has type `i64`, expected `i32`
func.func @f(%a: i64) -> i32 {
  func.return %a : i64
}
