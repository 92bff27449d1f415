// memref.atomic_rmw: an element combined with a value in one atomic step (LLVM's
// atomicrmw, acq_rel), giving the element's value before.
func.func @add_f32(%m: memref<4xf32>, %i: index, %x: f32) -> f32 {
  %old = memref.atomic_rmw addf %x, %m[%i] : (f32, memref<4xf32>) -> f32
  return %old : f32
}

func.func @ints(%m: memref<2x3xi32>, %i: index, %j: index, %x: i32) -> (i32, i32, i32, i32, i32) {
  %a = memref.atomic_rmw addi %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
  %b = memref.atomic_rmw maxs %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
  %c = memref.atomic_rmw minu %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
  %d = memref.atomic_rmw ori %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
  %e = memref.atomic_rmw assign %x, %m[%i, %j] : (i32, memref<2x3xi32>) -> i32
  return %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
}

func.func @bounds(%m: memref<?xi64>, %i: index, %x: i64) -> (i64, i64, i64) {
  %a = memref.atomic_rmw mins %x, %m[%i] : (i64, memref<?xi64>) -> i64
  %b = memref.atomic_rmw maxu %x, %m[%i] : (i64, memref<?xi64>) -> i64
  %c = memref.atomic_rmw andi %x, %m[%i] : (i64, memref<?xi64>) -> i64
  return %a, %b, %c : i64, i64, i64
}

func.func @float_max(%m: memref<2xf64>, %x: f64) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.atomic_rmw maximumf %x, %m[%c0] : (f64, memref<2xf64>) -> f64
  %b = memref.atomic_rmw minimumf %x, %m[%c1] : (f64, memref<2xf64>) -> f64
  return %a, %b : f64, f64
}

// run: @add_f32 f32[4]=1,2,3,4 2 0.5
// run: @ints i32[2,3]=0,0,0,0,-5,0 1 1 7
// run: @bounds i64[3]=10,-20,30 1 6
// run: @float_max f64[2]=1.5,1.5 2.5
