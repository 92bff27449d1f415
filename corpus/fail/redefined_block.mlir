// error: 6:1: redefinition of block `^bb1`
func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  func.return
^bb1:
  func.return
}
