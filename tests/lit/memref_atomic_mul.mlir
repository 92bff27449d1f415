// memref.atomic_rmw `muli` and `mulf`: LLVM's atomicrmw has no multiplication, so each is a
// compare-and-swap loop (a load, then `cmpxchg` until no other write came between; a float
// compared by its bits), as MLIR builds one for `generic_atomic_rmw`. MLIR 19 leaves these
// two kinds unlowered, so the answer is checked against the semantics (the value before
// the update is the result) and against `kiln interp`.
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 -O2 | FileCheck %s --check-prefix=OUT
// RUN: %kiln interp %s --entry main | FileCheck %s --check-prefix=OUT

// IR: cmpxchg ptr %{{[0-9a-z._]+}}, i64 %{{[0-9a-z._]+}}, i64 %{{[0-9a-z._]+}} acq_rel monotonic
// IR: cmpxchg ptr %{{[0-9a-z._]+}}, i32 %{{[0-9a-z._]+}}, i32 %{{[0-9a-z._]+}} acq_rel monotonic
// a = 3, b = 21, m[0] = 147; g = -2.5, h = -5, f[0] = -10:
// 147 * 1000 + 3 * 100 + 21 + (-10 * -5) * 1000000 + (-2.5 * 2) = 50147316
// OUT: 50147316
module {
  func.func @main() -> i64 {
    %m = memref.alloca() : memref<2xi64>
    %f = memref.alloca() : memref<1xf32>
    %c0 = arith.constant 0 : index
    %three = arith.constant 3 : i64
    %start = arith.constant -2.5 : f32
    memref.store %three, %m[%c0] : memref<2xi64>
    memref.store %start, %f[%c0] : memref<1xf32>
    %seven = arith.constant 7 : i64
    %a = memref.atomic_rmw muli %seven, %m[%c0] : (i64, memref<2xi64>) -> i64
    %b = memref.atomic_rmw muli %seven, %m[%c0] : (i64, memref<2xi64>) -> i64
    %two = arith.constant 2.0 : f32
    %g = memref.atomic_rmw mulf %two, %f[%c0] : (f32, memref<1xf32>) -> f32
    %h = memref.atomic_rmw mulf %two, %f[%c0] : (f32, memref<1xf32>) -> f32
    %m0 = memref.load %m[%c0] : memref<2xi64>
    %fv = memref.load %f[%c0] : memref<1xf32>
    %c1000 = arith.constant 1000 : i64
    %c100 = arith.constant 100 : i64
    %million = arith.constant 1000000.0 : f32
    %x = arith.muli %m0, %c1000 : i64
    %y = arith.muli %a, %c100 : i64
    %s0 = arith.addi %x, %y : i64
    %s1 = arith.addi %s0, %b : i64
    %p = arith.mulf %fv, %h : f32
    %pm = arith.mulf %p, %million : f32
    %pi = arith.fptosi %pm : f32 to i64
    %g2 = arith.mulf %g, %two : f32
    %gi = arith.fptosi %g2 : f32 to i64
    %s2 = arith.addi %s1, %pi : i64
    %s3 = arith.addi %s2, %gi : i64
    return %s3 : i64
  }
}
