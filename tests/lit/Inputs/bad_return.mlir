// A return with a value in a function that returns nothing.
func.func @f(%a: i32) {
  return %a : i32
}
