module {
  func.func @add_f32(%m: memref<4xf32>, %i: index, %x: f32) -> f32 {
    %old = memref.atomic_rmw addf %x, %m[%i] : (f32, memref<4xf32>) -> f32
    func.return %old : f32
  }
  func.func @ints(%m: memref<2x3xi32>, %i: index, %j: index, %x: i32) -> (i32, i32, i32, i32, i32) {
    %a = memref.atomic_rmw addi %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
    %b = memref.atomic_rmw maxs %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
    %c = memref.atomic_rmw minu %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
    %d = memref.atomic_rmw ori %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
    %e = memref.atomic_rmw assign %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
    func.return %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
  }
  func.func @bounds(%m: memref<?xi64>, %i: index, %x: i64) -> (i64, i64, i64) {
    %a = memref.atomic_rmw mins %x, %m[%i] : (i64, memref<?xi64>) -> i64
    %b = memref.atomic_rmw maxu %x, %m[%i] : (i64, memref<?xi64>) -> i64
    %c = memref.atomic_rmw andi %x, %m[%i] : (i64, memref<?xi64>) -> i64
    func.return %a, %b, %c : i64, i64, i64
  }
  func.func @float_max(%m: memref<2xf64>, %x: f64) -> (f64, f64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.atomic_rmw maximumf %x, %m[%c0] : (f64, memref<2xf64>) -> f64
    %b = memref.atomic_rmw minimumf %x, %m[%c1] : (f64, memref<2xf64>) -> f64
    func.return %a, %b : f64, f64
  }
}
