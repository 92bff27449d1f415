// error: 5:37: `memref.alloca_scope` gives 1 value, and its region returns 0
// error: 11:19: use of undefined value `%k`
// error: 11:23: use of undefined value `%k`
func.func @f(%n: index) -> f32 {
  %r = memref.alloca_scope -> (f32) {
    %m = memref.alloca(%n) : memref<?xf32>
  }
  memref.alloca_scope {
    %k = arith.constant 2.0 : f32
  }
  %u = arith.addf %k, %k : f32
  return %u : f32
}
