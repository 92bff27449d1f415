// error: 6:18: unknown type `bf16`
// error: 7:29: unknown type `bf16`
// error: 8:28: unknown type `bf16`
// An unresolved type is reported where it is written, and nothing is reported about the
// placeholder it stands for (no "floating-point literal for integer type `i64`").
func.func @f(%a: bf16) -> i64 {
  %c = arith.constant 1.5 : bf16
  %s = arith.addf %a, %c : bf16
  %z = arith.constant 0 : i64
  func.return %z : i64
}
