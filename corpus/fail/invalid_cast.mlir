// error: 3:3: `arith.extsi` cannot convert `i64` to `i32`
func.func @f(%a: i64) -> i32 {
  %0 = arith.extsi %a : i64 to i32
  func.return %0 : i32
}
