// error: 6:19: operand `%a` has type `i32`, expected `i64`
// error: 6:23: operand `%a` has type `i32`, expected `i64`
// error: 7:23: index `%a` has type `i32`, expected `index`
// error: 8:15: returned value `%a` has type `i32`, expected `f32`
func.func @f(%a: i32, %m: memref<?xf32>) -> f32 {
  %0 = arith.addi %a, %a : i64
  %1 = memref.load %m[%a] : memref<?xf32>
  func.return %a : i32
}
