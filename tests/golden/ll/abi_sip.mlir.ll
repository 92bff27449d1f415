; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_combine = constant [142 x i8] c"{\22name\22:\22combine\22,\22a\22:[\22i32\22,\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1,\22abi\22:\22sip\22,\22sip\22:\22I26!D22!K2!a_0K2!bS9!k0_1k1_2R22!D18!K5!diff_1K4!sum_0\22}\00"
@__kiln_abi_dot3 = constant [146 x i8] c"{\22name\22:\22dot3\22,\22a\22:[[\22ndarray\22,\22f32\22,1,3],[\22ndarray\22,\22f32\22,1,3]],\22r\22:[\22f32\22],\22v\22:1,\22abi\22:\22sip\22,\22sip\22:\22I28!D24!K5!vecsD13!K2!x_0K2!y_1R8!S5!k0_0\22}\00"

define { i32, i32 } @combine(i32 %0, i32 %1, i32 %2) {
bb0:
  %3 = add i32 %0, %1
  %4 = add i32 %3, %2
  %5 = insertvalue { i32, i32 } undef, i32 %4, 0
  %6 = sub i32 %0, %1
  %7 = sub i32 %6, %2
  %8 = insertvalue { i32, i32 } %5, i32 %7, 1
  ret { i32, i32 } %8
}

define float @dot3(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = load float, ptr %1, align 4
  %11 = getelementptr float, ptr %1, i64 1
  %12 = load float, ptr %11, align 4
  %13 = getelementptr float, ptr %1, i64 2
  %14 = load float, ptr %13, align 4
  %15 = load float, ptr %6, align 4
  %16 = getelementptr float, ptr %6, i64 1
  %17 = load float, ptr %16, align 4
  %18 = getelementptr float, ptr %6, i64 2
  %19 = load float, ptr %18, align 4
  %20 = fmul float %10, %15
  %21 = fmul float %12, %17
  %22 = fadd float %20, %21
  %23 = fmul float %14, %19
  %24 = fadd float %22, %23
  ret float %24
}
