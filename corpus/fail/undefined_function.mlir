// error: 3:3: call to undefined function `@g`
func.func @f(%a: i32) -> i32 {
  %0 = func.call @g(%a) : (i32) -> i32
  func.return %0 : i32
}
