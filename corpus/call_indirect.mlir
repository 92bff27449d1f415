// Functions as values: `func.constant` takes a function's address, `func.call_indirect` calls
// it through the same conventions as a direct call (scalars, a memref descriptor, results
// packed in a struct).
// run: @apply true 6 7 f32[2]=1.5,2
// run: @apply false 6 7 f32[1]=-3
func.func @add(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func @mul(%a: i32, %b: i32) -> i32 {
  %s = arith.muli %a, %b : i32
  return %s : i32
}
func.func @pair(%a: i32) -> (i32, f32) {
  %f = arith.sitofp %a : i32 to f32
  return %a, %f : i32, f32
}
func.func @sum(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<?xf32>
  return %x : f32
}
func.func @apply(%which: i1, %x: i32, %y: i32, %m: memref<?xf32>) -> (i32, i32, f32, f32) {
  %fa = func.constant @add : (i32, i32) -> i32
  %fm = func.constant @mul : (i32, i32) -> i32
  %ra = func.call_indirect %fa(%x, %y) : (i32, i32) -> i32
  %rm = func.call_indirect %fm(%x, %y) : (i32, i32) -> i32
  %r = arith.select %which, %ra, %rm : i32
  %fp = func.constant @pair : (i32) -> (i32, f32)
  %p:2 = func.call_indirect %fp(%r) : (i32) -> (i32, f32)
  %fs = func.constant @sum : (memref<?xf32>) -> f32
  %s = func.call_indirect %fs(%m) : (memref<?xf32>) -> f32
  return %r, %p#0, %p#1, %s : i32, i32, f32, f32
}
