// arith's extended arithmetic: a sum with its carry, and both halves of a widening product,
// at 8, 32 and 64 bits (the 64-bit high half goes through i128).
func.func @add8(%a: i8, %b: i8) -> (i8, i1) {
  %s, %o = arith.addui_extended %a, %b : i8, i1
  func.return %s, %o : i8, i1
}

func.func @mul32(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %l, %h = arith.mulsi_extended %a, %b : i32
  %ul, %uh = arith.mului_extended %a, %b : i32
  func.return %l, %h, %ul, %uh : i32, i32, i32, i32
}

func.func @mul64(%a: i64, %b: i64) -> (i64, i64, i64, i64) {
  %l, %h = arith.mulsi_extended %a, %b : i64
  %ul, %uh = arith.mului_extended %a, %b : i64
  func.return %l, %h, %ul, %uh : i64, i64, i64, i64
}

// A 128-bit sum from 64-bit halves, with the carry from the low half.
func.func @add128(%alo: i64, %ahi: i64, %blo: i64, %bhi: i64) -> (i64, i64) {
  %lo, %carry = arith.addui_extended %alo, %blo : i64, i1
  %c = arith.extui %carry : i1 to i64
  %hi0 = arith.addi %ahi, %bhi : i64
  %hi = arith.addi %hi0, %c : i64
  func.return %lo, %hi : i64, i64
}

// run: @add8 200 100
// run: @add8 -1 1
// run: @add8 3 4
// run: @mul32 -7 9
// run: @mul32 -1 -1
// run: @mul32 2147483647 2147483647
// run: @mul64 -1 -1
// run: @mul64 -9223372036854775808 3
// run: @mul64 4294967296 4294967296
// run: @add128 -1 0 1 0
// run: @add128 5 6 7 8
