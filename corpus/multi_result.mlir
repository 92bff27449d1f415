// Result packing (seed 000): @foo returns two values; the call site gets both.
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

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @bar
// run: @swap_diff 10 3
// run: @foo -1 99
