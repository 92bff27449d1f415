// error: 12:3: `func.constant` of undefined function `@nope`
// error: 13:3: `func.constant` states `(i32) -> i32`, but `@add` has type `(i32, i32) -> i32`
// error: 14:27: `func.call_indirect` calls `%x` of type `i32`, which is no function
// error: 19:46: type `i32` does not match the type `i64` of `%y`
// func.constant names a function of the module at its type; func.call_indirect calls a
// function value with the arguments and results of its type.
func.func @add(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func @f(%x: i32) -> i32 {
  %g = func.constant @nope : (i32) -> i32
  %h = func.constant @add : (i32) -> i32
  %q = func.call_indirect %x(%x) : (i32) -> i32
  return %q : i32
}
func.func @g(%x: i32, %y: i64) -> i32 {
  %a = func.constant @add : (i32, i32) -> i32
  %r = func.call_indirect %a(%x, %y) : (i32, i32) -> i32
  return %r : i32
}
