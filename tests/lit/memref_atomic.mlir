// memref.atomic_rmw: LLVM's atomicrmw with the operation MLIR 19 picks for each kind, and
// the same answer from kiln and MLIR 19's pipeline.
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR: atomicrmw add ptr %{{[0-9]+}}, i64 5 acq_rel
// IR: atomicrmw umax ptr %{{[0-9]+}}, i64 %{{[0-9]+}} acq_rel
// IR: atomicrmw xchg ptr %{{[0-9]+}}, i64 3 acq_rel
// OUT: 1213
module {
  func.func @main() -> i64 {
    %m = memref.alloca() : memref<2xi64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = arith.constant 8 : i64
    memref.store %init, %m[%c0] : memref<2xi64>
    memref.store %init, %m[%c1] : memref<2xi64>
    %five = arith.constant 5 : i64
    %a = memref.atomic_rmw addi %five, %m[%c0] : (i64, memref<2xi64>) -> i64
    %cur = memref.load %m[%c0] : memref<2xi64>
    %b = memref.atomic_rmw maxu %cur, %m[%c1] : (i64, memref<2xi64>) -> i64
    %three = arith.constant 3 : i64
    %c = memref.atomic_rmw assign %three, %m[%c0] : (i64, memref<2xi64>) -> i64
    %d = memref.load %m[%c1] : memref<2xi64>
    // a = 8, b = 8, c = 13, d = 13: 13 * 100 - 8 * 10 - 8 + 1 = 1213
    %c100 = arith.constant 100 : i64
    %c10 = arith.constant 10 : i64
    %one = arith.constant 1 : i64
    %x = arith.muli %d, %c100 : i64
    %y = arith.muli %a, %c10 : i64
    %z = arith.subi %x, %y : i64
    %w = arith.subi %z, %b : i64
    %r = arith.addi %w, %one : i64
    %e = arith.subi %c, %d : i64
    %s = arith.addi %r, %e : i64
    return %s : i64
  }
}
