// error: 3:14: condition `%c` has type `i32`, expected `i1`
func.func @f(%c: i32) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  func.return
}
