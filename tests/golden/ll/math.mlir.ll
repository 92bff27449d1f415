; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_rounding = constant [80 x i8] c"{\22name\22:\22rounding\22,\22a\22:[\22f32\22],\22r\22:[\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22],\22v\22:1}\00"
@__kiln_abi_powers = constant [102 x i8] c"{\22name\22:\22powers\22,\22a\22:[\22f64\22,\22f64\22,\22i32\22],\22r\22:[\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22],\22v\22:1}\00"
@__kiln_abi_exponentials = constant [84 x i8] c"{\22name\22:\22exponentials\22,\22a\22:[\22f32\22],\22r\22:[\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22],\22v\22:1}\00"
@__kiln_abi_near_zero = constant [75 x i8] c"{\22name\22:\22near_zero\22,\22a\22:[\22f32\22,\22f64\22],\22r\22:[\22f32\22,\22f32\22,\22f64\22,\22f64\22],\22v\22:1}\00"
@__kiln_abi_trigonometry = constant [84 x i8] c"{\22name\22:\22trigonometry\22,\22a\22:[\22f64\22],\22r\22:[\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22],\22v\22:1}\00"
@__kiln_abi_hyperbolic = constant [82 x i8] c"{\22name\22:\22hyperbolic\22,\22a\22:[\22f32\22],\22r\22:[\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22],\22v\22:1}\00"
@__kiln_abi_bits = constant [64 x i8] c"{\22name\22:\22bits\22,\22a\22:[\22i16\22],\22r\22:[\22i16\22,\22i16\22,\22i16\22,\22i16\22],\22v\22:1}\00"

define { float, float, float, float, float, float } @rounding(float %0) {
bb0:
  %1 = call float @llvm.fabs.f32(float %0)
  %2 = insertvalue { float, float, float, float, float, float } undef, float %1, 0
  %3 = call float @llvm.ceil.f32(float %0)
  %4 = insertvalue { float, float, float, float, float, float } %2, float %3, 1
  %5 = call float @llvm.floor.f32(float %0)
  %6 = insertvalue { float, float, float, float, float, float } %4, float %5, 2
  %7 = call float @llvm.round.f32(float %0)
  %8 = insertvalue { float, float, float, float, float, float } %6, float %7, 3
  %9 = call float @llvm.roundeven.f32(float %0)
  %10 = insertvalue { float, float, float, float, float, float } %8, float %9, 4
  %11 = call float @llvm.trunc.f32(float %0)
  %12 = insertvalue { float, float, float, float, float, float } %10, float %11, 5
  ret { float, float, float, float, float, float } %12
}

define { double, double, double, double, double, double, double, double } @powers(double %0, double %1, i32 %2) {
bb0:
  %3 = call double @llvm.sqrt.f64(double %0)
  %4 = insertvalue { double, double, double, double, double, double, double, double } undef, double %3, 0
  %5 = fdiv double 1.000000e+00, %3
  %6 = insertvalue { double, double, double, double, double, double, double, double } %4, double %5, 1
  %7 = call double @cbrt(double %0)
  %8 = insertvalue { double, double, double, double, double, double, double, double } %6, double %7, 2
  %9 = call double @llvm.pow.f64(double %0, double %1)
  %10 = insertvalue { double, double, double, double, double, double, double, double } %8, double %9, 3
  %11 = call double @llvm.powi.f64.i32(double %0, i32 %2)
  %12 = insertvalue { double, double, double, double, double, double, double, double } %10, double %11, 4
  %13 = call double @llvm.fma.f64(double %0, double %1, double %0)
  %14 = insertvalue { double, double, double, double, double, double, double, double } %12, double %13, 5
  %15 = call double @llvm.copysign.f64(double %0, double %1)
  %16 = insertvalue { double, double, double, double, double, double, double, double } %14, double %15, 6
  %17 = call double @atan2(double %1, double %0)
  %18 = insertvalue { double, double, double, double, double, double, double, double } %16, double %17, 7
  ret { double, double, double, double, double, double, double, double } %18
}

define { float, float, float, float, float, float } @exponentials(float %0) {
bb0:
  %1 = call float @llvm.exp.f32(float %0)
  %2 = insertvalue { float, float, float, float, float, float } undef, float %1, 0
  %3 = call float @llvm.exp2.f32(float %0)
  %4 = insertvalue { float, float, float, float, float, float } %2, float %3, 1
  %5 = call float @llvm.log.f32(float %0)
  %6 = insertvalue { float, float, float, float, float, float } %4, float %5, 2
  %7 = call float @llvm.log2.f32(float %0)
  %8 = insertvalue { float, float, float, float, float, float } %6, float %7, 3
  %9 = call float @llvm.log10.f32(float %0)
  %10 = insertvalue { float, float, float, float, float, float } %8, float %9, 4
  %11 = call float @erff(float %0)
  %12 = insertvalue { float, float, float, float, float, float } %10, float %11, 5
  ret { float, float, float, float, float, float } %12
}

define { float, float, double, double } @near_zero(float %0, double %1) {
bb0:
  %2 = call float @expm1f(float %0)
  %3 = insertvalue { float, float, double, double } undef, float %2, 0
  %4 = call float @log1pf(float %0)
  %5 = insertvalue { float, float, double, double } %3, float %4, 1
  %6 = call double @expm1(double %1)
  %7 = insertvalue { float, float, double, double } %5, double %6, 2
  %8 = call double @log1p(double %1)
  %9 = insertvalue { float, float, double, double } %7, double %8, 3
  ret { float, float, double, double } %9
}

define { double, double, double, double, double, double } @trigonometry(double %0) {
bb0:
  %1 = call double @llvm.sin.f64(double %0)
  %2 = insertvalue { double, double, double, double, double, double } undef, double %1, 0
  %3 = call double @llvm.cos.f64(double %0)
  %4 = insertvalue { double, double, double, double, double, double } %2, double %3, 1
  %5 = call double @tan(double %0)
  %6 = insertvalue { double, double, double, double, double, double } %4, double %5, 2
  %7 = call double @asin(double %0)
  %8 = insertvalue { double, double, double, double, double, double } %6, double %7, 3
  %9 = call double @acos(double %0)
  %10 = insertvalue { double, double, double, double, double, double } %8, double %9, 4
  %11 = call double @atan(double %0)
  %12 = insertvalue { double, double, double, double, double, double } %10, double %11, 5
  ret { double, double, double, double, double, double } %12
}

define { float, float, float, float, float, float } @hyperbolic(float %0) {
bb0:
  %1 = call float @sinhf(float %0)
  %2 = insertvalue { float, float, float, float, float, float } undef, float %1, 0
  %3 = call float @coshf(float %0)
  %4 = insertvalue { float, float, float, float, float, float } %2, float %3, 1
  %5 = call float @tanhf(float %0)
  %6 = insertvalue { float, float, float, float, float, float } %4, float %5, 2
  %7 = call float @asinhf(float %0)
  %8 = insertvalue { float, float, float, float, float, float } %6, float %7, 3
  %9 = fadd float %0, 2.000000e+00
  %10 = call float @acoshf(float %9)
  %11 = insertvalue { float, float, float, float, float, float } %8, float %10, 4
  %12 = fdiv float %0, 3.000000e+00
  %13 = call float @atanhf(float %12)
  %14 = insertvalue { float, float, float, float, float, float } %11, float %13, 5
  ret { float, float, float, float, float, float } %14
}

define { i16, i16, i16, i16 } @bits(i16 %0) {
bb0:
  %1 = call i16 @llvm.abs.i16(i16 %0, i1 false)
  %2 = insertvalue { i16, i16, i16, i16 } undef, i16 %1, 0
  %3 = call i16 @llvm.ctlz.i16(i16 %0, i1 false)
  %4 = insertvalue { i16, i16, i16, i16 } %2, i16 %3, 1
  %5 = call i16 @llvm.cttz.i16(i16 %0, i1 false)
  %6 = insertvalue { i16, i16, i16, i16 } %4, i16 %5, 2
  %7 = call i16 @llvm.ctpop.i16(i16 %0)
  %8 = insertvalue { i16, i16, i16, i16 } %6, i16 %7, 3
  ret { i16, i16, i16, i16 } %8
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.ceil.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.floor.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.round.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.roundeven.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.trunc.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sqrt.f64(double) #0

declare double @cbrt(double)

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.pow.f64(double, double) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.powi.f64.i32(double, i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fma.f64(double, double, double) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.copysign.f64(double, double) #0

declare double @atan2(double, double)

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.exp.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.exp2.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.log.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.log2.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.log10.f32(float) #0

declare float @erff(float)

declare float @expm1f(float)

declare float @log1pf(float)

declare double @expm1(double)

declare double @log1p(double)

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sin.f64(double) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.cos.f64(double) #0

declare double @tan(double)

declare double @asin(double)

declare double @acos(double)

declare double @atan(double)

declare float @sinhf(float)

declare float @coshf(float)

declare float @tanhf(float)

declare float @asinhf(float)

declare float @acoshf(float)

declare float @atanhf(float)

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i16 @llvm.abs.i16(i16, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i16 @llvm.ctlz.i16(i16, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i16 @llvm.cttz.i16(i16, i1 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i16 @llvm.ctpop.i16(i16) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
