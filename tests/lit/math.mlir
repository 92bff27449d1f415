// The math dialect, run by kiln and by MLIR 19's own pipeline, checked by the same lines.
// RUN: %kiln cpu-runner %s -e hypot --entry-point-result=f32 | FileCheck %s --check-prefix=HYPOT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e hypot --entry-point-result=f32 | FileCheck %s --check-prefix=HYPOT
// RUN: %kiln cpu-runner %s -e transcendental --entry-point-result=f32 | FileCheck %s --check-prefix=TRANS
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e transcendental --entry-point-result=f32 | FileCheck %s --check-prefix=TRANS
// RUN: %kiln cpu-runner %s -e bits --entry-point-result=i32 | FileCheck %s --check-prefix=BITS
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e bits --entry-point-result=i32 | FileCheck %s --check-prefix=BITS
// RUN: %kiln cpu-runner %s -O2 -e bits --entry-point-result=i32 | FileCheck %s --check-prefix=BITS
// RUN: %kiln opt %s --convert-math-to-llvm --convert-math-to-libm --convert-func-to-llvm | FileCheck %s --check-prefix=LLVM

// sqrt(3^2 + 4^2), with fma and powi
// HYPOT: 5.000000e+00
func.func @hypot() -> f32 {
  %x = arith.constant 3.0 : f32
  %y = arith.constant 4.0 : f32
  %two = arith.constant 2 : i32
  %xx = math.fpowi %x, %two : f32, i32
  %s = math.fma %y, %y, %xx : f32
  %r = math.sqrt %s : f32
  return %r : f32
}

// tanh(atan(1) * 2) + floor(exp(1)) = tanh(pi/2) + 2
// TRANS: 2.917152e+00
func.func @transcendental() -> f32 {
  %one = arith.constant 1.0 : f32
  %a = math.atan %one : f32
  %two = arith.constant 2.0 : f32
  %b = arith.mulf %a, %two : f32
  %t = math.tanh %b : f32
  %e = math.exp %one : f32
  %f = math.floor %e : f32
  %r = arith.addf %t, %f : f32
  return %r : f32
}

// ctlz(1) + cttz(8) * 100 + ctpop(255) * 10000 + |-7| * 1000000
// BITS: 7080331
func.func @bits() -> i32 {
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c255 = arith.constant 255 : i32
  %cm7 = arith.constant -7 : i32
  %a = math.ctlz %c1 : i32
  %b = math.cttz %c8 : i32
  %c = math.ctpop %c255 : i32
  %d = math.absi %cm7 : i32
  %c100 = arith.constant 100 : i32
  %c10000 = arith.constant 10000 : i32
  %c1000000 = arith.constant 1000000 : i32
  %b1 = arith.muli %b, %c100 : i32
  %c1x = arith.muli %c, %c10000 : i32
  %d1 = arith.muli %d, %c1000000 : i32
  %s0 = arith.addi %a, %b1 : i32
  %s1 = arith.addi %s0, %c1x : i32
  %s2 = arith.addi %s1, %d1 : i32
  return %s2 : i32
}

// LLVM: llvm.call_intrinsic "llvm.sqrt.f32"
// LLVM: llvm.call @tanhf
// LLVM: llvm.func @tanhf(f32) -> f32
