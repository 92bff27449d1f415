// memref.generic_atomic_rmw on a float: the compare-and-swap loop compares the element by
// its bits (`cmpxchg` takes integers). MLIR 19 emits a `cmpxchg` of the float itself, which
// its LLVM dialect rejects, so the answer is checked against the semantics (the value
// before is the result; the element holds the region's value) and against `kiln interp`.
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 -O2 | FileCheck %s --check-prefix=OUT
// RUN: %kiln interp %s --entry main | FileCheck %s --check-prefix=OUT

// IR: bitcast float %{{[0-9a-z._]+}} to i32
// IR: cmpxchg ptr %{{[0-9a-z._]+}}, i32 %{{[0-9a-z._]+}}, i32 %{{[0-9a-z._]+}} acq_rel monotonic
// f[0] = 1.5 -> 1.5 * 1.5 + 0.25 = 2.5 (old 1.5): 1.5 * 2 * 10^8 + 2.5 * 4 * 10^9
// OUT: 10300000000
module {
  func.func @main() -> i64 {
    %f = memref.alloca() : memref<1xf32>
    %c0 = arith.constant 0 : index
    %start = arith.constant 1.5 : f32
    memref.store %start, %f[%c0] : memref<1xf32>
    %q = arith.constant 0.25 : f32
    %fold = memref.generic_atomic_rmw %f[%c0] : memref<1xf32> {
    ^bb0(%v: f32):
      %sq = arith.mulf %v, %v : f32
      %r = arith.addf %sq, %q : f32
      memref.atomic_yield %r : f32
    }
    %fnew = memref.load %f[%c0] : memref<1xf32>
    %k1 = arith.constant 200000000.0 : f32
    %k2 = arith.constant 4000000000.0 : f32
    %x = arith.mulf %fold, %k1 : f32
    %y = arith.mulf %fnew, %k2 : f32
    %xi = arith.fptosi %x : f32 to i64
    %yi = arith.fptosi %y : f32 to i64
    %s = arith.addi %xi, %yi : i64
    return %s : i64
  }
}
