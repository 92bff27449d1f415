// LLVM intrinsics in input (what `--convert-math-to-llvm` and `--convert-arith-to-llvm`
// leave): each means a math or arith operation (`llvm.intr.sqrt` is `math.sqrt`,
// `llvm.intr.smax` is `arith.maxsi`) and lowers back to the same intrinsic. kiln's JIT, its
// interpreter and MLIR 19's pipeline agree; `kiln fmt` keeps the intrinsic form.
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln run %s --entry f 2.0 3.0 3 -5 | FileCheck %s --check-prefix=A
// RUN: %kiln interp %s --entry f 2.0 3.0 3 -5 | FileCheck %s --check-prefix=A
// RUN: %kiln run %s --via-mlir --entry f 2.0 3.0 3 -5 | FileCheck %s --check-prefix=A
// RUN: %kiln run %s --entry f 9.5 -1.25 2 7 | FileCheck %s --check-prefix=B
// RUN: %kiln interp %s --entry f 9.5 -1.25 2 7 | FileCheck %s --check-prefix=B
// RUN: %kiln run %s --via-mlir --entry f 9.5 -1.25 2 7 | FileCheck %s --check-prefix=B
// RUN: %kiln fmt %s | FileCheck %s --check-prefix=FMT
// RUN: %kiln fmt %s | %mlir-opt | FileCheck %s --check-prefix=FMT

// IR: call double @llvm.sqrt.f64(
// IR: call double @llvm.fma.f64(
// IR: call double @llvm.maxnum.f64(
// IR: call double @llvm.minimum.f64(
// IR: call double @llvm.powi.f64.i32(
// IR: call i32 @llvm.smax.i32(
// IR: call i32 @llvm.ctpop.i32(
// A: {{^}}512.9830277404112{{$}}
// B: {{^}}0.8734050817748715{{$}}
// FMT: llvm.intr.sqrt(%{{[a-z0-9]+}}) : (f64) -> f64
// FMT: llvm.intr.fabs(%{{[a-z0-9]+}}) {fastmathFlags = #llvm.fastmath<nnan>} : (f64) -> f64
// FMT: llvm.intr.powi(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (f64, i32) -> f64
// FMT: llvm.intr.smax(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (i32, i32) -> i32

func.func @f(%a: f64, %b: f64, %i: i32, %j: i32) -> f64 {
  %0 = llvm.intr.sqrt(%a) : (f64) -> f64
  %1 = llvm.intr.fma(%0, %b, %a) : (f64, f64, f64) -> f64
  %2 = llvm.intr.maxnum(%1, %b) : (f64, f64) -> f64
  %3 = llvm.intr.minimum(%2, %a) : (f64, f64) -> f64
  %4 = llvm.intr.fabs(%3) {fastmathFlags = #llvm.fastmath<nnan>} : (f64) -> f64
  %5 = llvm.intr.pow(%4, %b) : (f64, f64) -> f64
  %6 = llvm.intr.powi(%5, %i) : (f64, i32) -> f64
  %7 = llvm.intr.floor(%6) : (f64) -> f64
  %8 = llvm.intr.copysign(%7, %b) : (f64, f64) -> f64
  %m = llvm.intr.smax(%i, %j) : (i32, i32) -> i32
  %n = llvm.intr.umin(%m, %j) : (i32, i32) -> i32
  %c = llvm.intr.ctpop(%n) : (i32) -> i32
  %cf = arith.sitofp %c : i32 to f64
  %e = llvm.intr.exp2(%cf) : (f64) -> f64
  %l = llvm.intr.log(%e) : (f64) -> f64
  %s = llvm.intr.sin(%l) : (f64) -> f64
  %r = arith.addf %8, %s : f64
  return %r : f64
}
