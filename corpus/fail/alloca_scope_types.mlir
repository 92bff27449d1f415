// error: 5:32: returned value `%c` has type `i32`, expected `f32`
func.func @f() -> f32 {
  %s = memref.alloca_scope -> (f32) {
    %c = arith.constant 1 : i32
    memref.alloca_scope.return %c : i32
  }
  return %s : f32
}
