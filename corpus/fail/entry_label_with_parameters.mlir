// error: 3:1: the entry block of a function with parameters cannot have a label (its arguments are the parameters)
func.func @f(%a: i32) -> i32 {
^entry:
  func.return %a : i32
}
