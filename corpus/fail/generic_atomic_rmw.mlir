// error: 10:5: `memref.store` has side effects: the region of `memref.generic_atomic_rmw` holds operations without any (as MLIR requires)
// error: 16:3: region argument `%cur` has type `i64`, expected `i32`
// error: 18:5: yielded value `%x` has type `i64`, expected `i32`
// error: 23:56: the region of `memref.generic_atomic_rmw` ends in `memref.atomic_yield`
// error: 34:10: use of undefined value `%cur`
// error: 37:3: `memref.generic_atomic_rmw` does not apply to `i3` elements (LLVM's compare-and-swap takes 8, 16, 32 or 64 bits)
func.func @effects(%m: memref<4xi32>, %i: index) -> i32 {
  %r = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i32):
    memref.store %cur, %m[%i] : memref<4xi32>
    memref.atomic_yield %cur : i32
  }
  return %r : i32
}
func.func @types(%m: memref<4xi32>, %i: index, %x: i64) -> i32 {
  %r = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i64):
    memref.atomic_yield %x : i64
  }
  return %r : i32
}
func.func @unyielded(%m: memref<4xi8>, %i: index) -> i8 {
  %r = memref.generic_atomic_rmw %m[%i] : memref<4xi8> {
  ^bb0(%cur: i8):
    %c = arith.constant 1 : i8
  }
  return %r : i8
}
func.func @scoped(%m: memref<4xi8>, %i: index) -> i8 {
  %r = memref.generic_atomic_rmw %m[%i] : memref<4xi8> {
  ^bb0(%cur: i8):
    memref.atomic_yield %cur : i8
  }
  return %cur : i8
}
func.func @width(%m: memref<4xi3>, %i: index) -> i3 {
  %r = memref.generic_atomic_rmw %m[%i] : memref<4xi3> {
  ^bb0(%cur: i3):
    memref.atomic_yield %cur : i3
  }
  return %r : i3
}
