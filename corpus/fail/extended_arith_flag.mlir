// error: 3:47: the overflow flag of `arith.addui_extended` is `i1`, not `i32`
func.func @f(%a: i32, %b: i32) -> i32 {
  %s, %o = arith.addui_extended %a, %b : i32, i32
  func.return %s : i32
}
