// Repeated successor removal (legacy syntax): both edges go to ^bb1 with different arguments.
func @f(%0: i1, %1: i32, %2: i32) {
  cond_br %0, ^bb1(%1 : i32), ^bb1(%2 : i32)
^bb1(%3 : i32):
  "use"(%3) : (i32) -> ()
  return
}
