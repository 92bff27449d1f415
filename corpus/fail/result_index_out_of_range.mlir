// error: 5:15: `%r` has only 2 results; `%r#2` is out of range
func.func private @two() -> (i32, i32)
func.func @f() -> i32 {
  %r:2 = func.call @two() : () -> (i32, i32)
  func.return %r#2 : i32
}
