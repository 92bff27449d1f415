// arith's extended operations, by kiln and by MLIR 19.
// RUN: %kiln cpu-runner %s -e carry --entry-point-result=i64 | FileCheck %s --check-prefix=CARRY
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e carry --entry-point-result=i64 | FileCheck %s --check-prefix=CARRY
// RUN: %kiln cpu-runner %s -e high --entry-point-result=i64 | FileCheck %s --check-prefix=HIGH
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e high --entry-point-result=i64 | FileCheck %s --check-prefix=HIGH

// (2^64 - 1) + 2: sum 1, carry 1 -> 1 + 10 * 1
// CARRY: 11
func.func @carry() -> i64 {
  %a = arith.constant -1 : i64
  %b = arith.constant 2 : i64
  %s, %o = arith.addui_extended %a, %b : i64, i1
  %c = arith.extui %o : i1 to i64
  %ten = arith.constant 10 : i64
  %t = arith.muli %c, %ten : i64
  %r = arith.addi %s, %t : i64
  return %r : i64
}

// high halves: signed (-2^63 * 3) >> 64 = -2, unsigned (2^63 * 3) >> 64 = 1 -> -2 * 100 + 1
// HIGH: -199
func.func @high() -> i64 {
  %a = arith.constant -9223372036854775808 : i64
  %b = arith.constant 3 : i64
  %l, %h = arith.mulsi_extended %a, %b : i64
  %ul, %uh = arith.mului_extended %a, %b : i64
  %c100 = arith.constant 100 : i64
  %x = arith.muli %h, %c100 : i64
  %r = arith.addi %x, %uh : i64
  return %r : i64
}
