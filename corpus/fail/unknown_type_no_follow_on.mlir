// error: 6:18: unknown type `f8E5M2`
// error: 7:29: unknown type `f8E5M2`
// error: 8:28: unknown type `f8E5M2`
// An unresolved type is reported where it is written, and nothing is reported about the
// placeholder it stands for (no "floating-point literal for integer type `i64`").
func.func @f(%a: f8E5M2) -> i64 {
  %c = arith.constant 1.5 : f8E5M2
  %s = arith.addf %a, %c : f8E5M2
  %z = arith.constant 0 : i64
  func.return %z : i64
}
