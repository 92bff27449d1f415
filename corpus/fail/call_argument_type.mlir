// error: 4:21: argument 0 `%a` of the call has type `i32`, but `@g` expects `i64`
func.func private @g(i64) -> i64
func.func @f(%a: i32) -> i64 {
  %0 = func.call @g(%a) : (i32) -> i64
  func.return %0 : i64
}
