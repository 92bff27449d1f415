module {
  func.func @f(%0: i1, %1: i32, %2: i32) {
    cf.cond_br %0, ^bb1(%1 : i32), ^bb1(%2 : i32)
  ^bb1(%3: i32):
    "use"(%3) : (i32) -> ()
    func.return
  }
}
