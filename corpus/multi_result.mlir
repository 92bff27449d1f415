// Result packing: @foo returns two values; the call site gets both.
func.func @foo(%arg0: i32, %arg1: i64) -> (i32, i64) {
  func.return %arg0, %arg1 : i32, i64
}

func.func @bar() -> i64 {
  %0 = arith.constant 42 : i32
  %1 = arith.constant 17 : i64
  %2:2 = func.call @foo(%0, %1) : (i32, i64) -> (i32, i64)
  %3 = arith.extsi %2#0 : i32 to i64
  %4 = arith.addi %3, %2#1 : i64
  func.return %4 : i64
}

// Entry point for execution tests: swap(a, b) = (b, a), then a - b.
func.func @swap(%a: i32, %b: i32) -> (i32, i32) {
  func.return %b, %a : i32, i32
}

func.func @swap_diff(%a: i32, %b: i32) -> i32 {
  %r, %s = func.call @swap(%a, %b) : (i32, i32) -> (i32, i32)
  %d = arith.subi %r, %s : i32
  func.return %d : i32
}

// A memref among several results: its descriptor is one field of the result struct.
func.func @pair(%m: memref<?xf32>, %k: i32) -> (memref<?xf32>, i32) {
  func.return %m, %k : memref<?xf32>, i32
}

func.func @use_pair(%m: memref<?xf32>) -> f32 {
  %c = arith.constant 3 : i32
  %r:2 = func.call @pair(%m, %c) : (memref<?xf32>, i32) -> (memref<?xf32>, i32)
  %c1 = arith.constant 1 : index
  %x = memref.load %r#0[%c1] : memref<?xf32>
  %f = arith.sitofp %r#1 : i32 to f32
  %y = arith.addf %x, %f : f32
  func.return %y : f32
}

// Fresh memory returned second (the caller frees it).
func.func @fresh(%n: index) -> (i32, memref<?xf32>) {
  %m = memref.alloc(%n) : memref<?xf32>
  %c = arith.constant 7 : i32
  %c0 = arith.constant 0 : index
  %v = arith.constant 2.5 : f32
  memref.store %v, %m[%c0] : memref<?xf32>
  func.return %c, %m : i32, memref<?xf32>
}


// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @bar
// run: @swap_diff 10 3
// run: @foo -1 99
// run: @use_pair f32[3]=1,2,3
// run: @pair f32[3]=1,2,3 9
// run: @fresh 1
