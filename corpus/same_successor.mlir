// Repeated successor removal: both edges go to ^bb1 with different arguments,
// which an LLVM phi cannot express; the lowering routes the second edge through a new block.
func.func @pick(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  func.return %x : i32
}

// The same through a switch: two cases and the default reach one block.
func.func @classify(%k: i32) -> i32 {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  cf.switch %k : i32, [
    default: ^out(%zero : i32),
    10: ^out(%one : i32),
    20: ^out(%two : i32)
  ]
^out(%r: i32):
  func.return %r : i32
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @pick true 1 2
// run: @pick false 1 2
// run: @classify 10
// run: @classify 20
// run: @classify 7
