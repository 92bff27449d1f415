// error: 5:3: operand `%a` has type `i32`, expected `i64`
// error: 6:3: index `%a` has type `i32`, expected `index`
// error: 7:3: returned value `%a` has type `i32`, expected `f32`
func.func @f(%a: i32, %m: memref<?xf32>) -> f32 {
  %0 = arith.addi %a, %a : i64
  %1 = memref.load %m[%a] : memref<?xf32>
  func.return %a : i32
}
