// error: 3:3: the generic form of `cf.cond_br` is not supported; write its custom form
func.func @f(%c: i1) {
  "cf.cond_br"(%c)[^bb1, ^bb1] : (i1) -> ()
^bb1:
  func.return
}
