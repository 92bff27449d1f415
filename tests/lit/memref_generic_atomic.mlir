// memref.generic_atomic_rmw: MLIR's compare-and-swap loop around the region (a load, the
// region on the value seen, `cmpxchg` until no other write came between), giving the
// element's value before the store; the same answer from kiln and MLIR 19's pipeline.
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln fmt %s | FileCheck %s --check-prefix=FMT
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 -O2 | FileCheck %s --check-prefix=OUT
// RUN: %kiln interp %s --entry main | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR: cmpxchg ptr %{{[0-9a-z._]+}}, i32 %{{[0-9a-z._]+}}, i32 %{{[0-9a-z._]+}} acq_rel monotonic
// IR: cmpxchg ptr %{{[0-9a-z._]+}}, i64 %{{[0-9a-z._]+}}, i64 %{{[0-9a-z._]+}} acq_rel monotonic
// FMT: %old = memref.generic_atomic_rmw %m[%c1] : memref<4xi32> {
// FMT-NEXT: ^bb0(%cur: i32):
// FMT-NEXT: %c10 = arith.constant 10 : i32
// FMT: memref.atomic_yield %clamped : i32
// FMT-NEXT: }
// m[1] = 7 -> min(7 * 3, 10) = 10 (old 7); w[1][2] = 40 -> 40 - 1 = 39 (old 40):
// 7 + 10 * 100 + 40 * 10000 + 39 * 1000000 = 39401007
// OUT: 39401007
module {
  func.func @main() -> i64 {
    %m = memref.alloca() : memref<4xi32>
    %w = memref.alloca() : memref<2x3xi64>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %seven = arith.constant 7 : i32
    %forty = arith.constant 40 : i64
    memref.store %seven, %m[%c1] : memref<4xi32>
    memref.store %forty, %w[%c1, %c2] : memref<2x3xi64>
    %old = memref.generic_atomic_rmw %m[%c1] : memref<4xi32> {
    ^bb0(%cur: i32):
      %c10 = arith.constant 10 : i32
      %c3 = arith.constant 3 : i32
      %tripled = arith.muli %cur, %c3 : i32
      %clamped = arith.minsi %tripled, %c10 : i32
      memref.atomic_yield %clamped : i32
    }
    %wold = memref.generic_atomic_rmw %w[%c1, %c2] : memref<2x3xi64> {
    ^bb0(%x: i64):
      %one = arith.constant 1 : i64
      %less = arith.subi %x, %one : i64
      memref.atomic_yield %less : i64
    }
    %mnew = memref.load %m[%c1] : memref<4xi32>
    %wnew = memref.load %w[%c1, %c2] : memref<2x3xi64>
    %o = arith.extsi %old : i32 to i64
    %n = arith.extsi %mnew : i32 to i64
    %c100 = arith.constant 100 : i64
    %c10000 = arith.constant 10000 : i64
    %c1000000 = arith.constant 1000000 : i64
    %a = arith.muli %n, %c100 : i64
    %b = arith.muli %wold, %c10000 : i64
    %c = arith.muli %wnew, %c1000000 : i64
    %s0 = arith.addi %o, %a : i64
    %s1 = arith.addi %s0, %b : i64
    %s2 = arith.addi %s1, %c : i64
    return %s2 : i64
  }
}
