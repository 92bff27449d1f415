// memref.realloc between static sizes: growing copies the elements to new memory and frees
// the old; shrinking keeps the memory (as MLIR's expand-realloc makes it). Where a size is
// dynamic, C's realloc keeps the elements up to the smaller size.
func.func @grow(%x: f32, %y: f32) -> (f32, f32) {
  %m = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  memref.store %x, %m[%c0] : memref<2xf32>
  memref.store %y, %m[%c1] : memref<2xf32>
  %r = memref.realloc %m : memref<2xf32> to memref<5xf32>
  memref.store %x, %r[%c4] : memref<5xf32>
  %a = memref.load %r[%c1] : memref<5xf32>
  %b = memref.load %r[%c4] : memref<5xf32>
  memref.dealloc %r : memref<5xf32>
  return %a, %b : f32, f32
}

func.func @shrink(%i: index) -> i64 {
  %m = memref.alloc() : memref<8xi64>
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  cf.br ^fill(%c0 : index)
^fill(%k: index):
  %more = arith.cmpi ult, %k, %c8 : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = arith.index_cast %k : index to i64
  %sq = arith.muli %v, %v : i64
  memref.store %sq, %m[%k] : memref<8xi64>
  %next = arith.addi %k, %c1 : index
  cf.br ^fill(%next : index)
^done:
  %r = memref.realloc %m : memref<8xi64> to memref<3xi64>
  %x = memref.load %r[%i] : memref<3xi64>
  %s = call @sum3(%r) : (memref<3xi64>) -> i64
  memref.dealloc %r : memref<3xi64>
  %y = arith.addi %x, %s : i64
  return %y : i64
}

// The reallocated memory passed on as an ordinary memref.
func.func @sum3(%m: memref<3xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.load %m[%c0] : memref<3xi64>
  %b = memref.load %m[%c1] : memref<3xi64>
  %c = memref.load %m[%c2] : memref<3xi64>
  %s = arith.addi %a, %b : i64
  %t = arith.addi %s, %c : i64
  return %t : i64
}

// run: @grow 1.5 -2.25
// run: @shrink 2

// Sizes known at run time: the elements up to the smaller size are kept.
// run: @resize 3 5
// run: @resize 4 2
func.func @resize(%from: index, %to: index) -> (i64, i64) {
  %m = memref.alloc(%from) : memref<?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7 : i64
  %nine = arith.constant 9 : i64
  memref.store %seven, %m[%c0] : memref<?xi64>
  memref.store %nine, %m[%c1] : memref<?xi64>
  %r = memref.realloc %m(%to) : memref<?xi64> to memref<?xi64>
  %last = arith.subi %to, %c1 : index
  %zero = arith.constant 0 : i64
  memref.store %zero, %r[%last] : memref<?xi64>
  %a = memref.load %r[%c0] : memref<?xi64>
  %n = memref.dim %r, %c0 : memref<?xi64>
  %ni = arith.index_cast %n : index to i64
  memref.dealloc %r : memref<?xi64>
  return %a, %ni : i64, i64
}

// A static source grown to a dynamic size, and a dynamic source to a static one.
// run: @mixed 6
func.func @mixed(%n: index) -> (f32, f32) {
  %m = memref.alloc() : memref<2xf32>
  %c1 = arith.constant 1 : index
  %x = arith.constant 2.5 : f32
  memref.store %x, %m[%c1] : memref<2xf32>
  %r = memref.realloc %m(%n) : memref<2xf32> to memref<?xf32>
  %a = memref.load %r[%c1] : memref<?xf32>
  %s = memref.realloc %r : memref<?xf32> to memref<3xf32>
  %b = memref.load %s[%c1] : memref<3xf32>
  memref.dealloc %s : memref<3xf32>
  return %a, %b : f32, f32
}
