// error: 3:19: unknown predicate `lt` for `arith.cmpi`; expected one of eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge
func.func @f(%a: i32) -> i1 {
  %0 = arith.cmpi lt, %a, %a : i32
  func.return %0 : i1
}
