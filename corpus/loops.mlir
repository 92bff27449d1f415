// Loops and branches over scalars (func, arith, cf only): block arguments carry the loop
// state; `kiln run` and the C interop test call these.

// n! for n >= 0 (wraps at 64 bits).
func.func @factorial(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  cf.br ^loop(%one, %one : i64, i64)
^loop(%i: i64, %acc: i64):
  %done = arith.cmpi sgt, %i, %n : i64
  cf.cond_br %done, ^exit, ^body
^body:
  %acc2 = arith.muli %acc, %i : i64
  %i2 = arith.addi %i, %one : i64
  cf.br ^loop(%i2, %acc2 : i64, i64)
^exit:
  func.return %acc : i64
}

// Greatest common divisor by Euclid's algorithm (remainders).
func.func @gcd(%a: i32, %b: i32) -> i32 {
  cf.br ^loop(%a, %b : i32, i32)
^loop(%x: i32, %y: i32):
  %zero = arith.constant 0 : i32
  %stop = arith.cmpi eq, %y, %zero : i32
  cf.cond_br %stop, ^exit(%x : i32), ^step
^step:
  %r = arith.remsi %x, %y : i32
  cf.br ^loop(%y, %r : i32, i32)
^exit(%g: i32):
  func.return %g : i32
}

// Sum of 0..n-1 over index, returned as i32 with the count.
func.func @sum_below(%n: index) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0, %c0 : index, index)
^loop(%i: index, %s: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %s2 = arith.addi %s, %i : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %s2 : index, index)
^exit:
  %t = arith.index_cast %s : index to i32
  func.return %t, %i : i32, index
}

// A switch with distinct targets, and float arithmetic.
func.func @grade(%k: i32, %x: f64) -> f64 {
  cf.switch %k : i32, [
    default: ^other,
    1: ^double,
    2: ^square
  ]
^double:
  %d = arith.addf %x, %x : f64
  func.return %d : f64
^square:
  %s = arith.mulf %x, %x : f64
  func.return %s : f64
^other:
  %n = arith.negf %x : f64
  func.return %n : f64
}

// Calls between functions with several results.
func.func @gcd_and_lcm(%a: i32, %b: i32) -> (i32, i32) {
  %g = func.call @gcd(%a, %b) : (i32, i32) -> i32
  %p = arith.muli %a, %b : i32
  %l = arith.divsi %p, %g : i32
  func.return %g, %l : i32, i32
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @factorial 10
// run: @factorial 0
// run: @gcd 84 36
// run: @gcd 17 5
// run: @sum_below 100
// run: @grade 1 1.5
// run: @grade 2 1.5
// run: @grade 9 1.5
// run: @gcd_and_lcm 12 18
