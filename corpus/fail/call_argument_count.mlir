// error: 4:3: `@g` takes 2 arguments but the call passes 1
func.func private @g(i32, i32) -> i32
func.func @f(%a: i32) -> i32 {
  %0 = func.call @g(%a) : (i32) -> i32
  func.return %0 : i32
}
