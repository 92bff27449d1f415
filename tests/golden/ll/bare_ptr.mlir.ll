; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_fill = constant [94 x i8] c"{\22name\22:\22fill\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3],\22i64\22,\22f32\22],\22r\22:[[\22ndarray\22,\22f32\22,2,4,3]],\22v\22:1}\00"
@__kiln_abi_pair = constant [104 x i8] c"{\22name\22:\22pair\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3],[\22ndarray\22,\22f32\22,0]],\22r\22:[[\22ndarray\22,\22f32\22,0],\22f32\22],\22v\22:1}\00"
@__kiln_abi_caller = constant [86 x i8] c"{\22name\22:\22caller\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3],[\22ndarray\22,\22f32\22,0]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_strided_sum = constant [69 x i8] c"{\22name\22:\22strided_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,2]],\22r\22:[\22f32\22],\22v\22:1}\00"

define ptr @fill(ptr %0, i64 %1, float %2) {
bb0:
  %3 = mul i64 %1, 3
  %4 = getelementptr float, ptr %0, i64 %3
  store float %2, ptr %4, align 4
  %5 = add i64 %3, 2
  %6 = getelementptr float, ptr %0, i64 %5
  store float %2, ptr %6, align 4
  ret ptr %0
}

define { ptr, float } @pair(ptr %0, ptr %1) {
bb0:
  %2 = getelementptr float, ptr %0, i64 5
  %3 = load float, ptr %2, align 4
  %4 = load float, ptr %1, align 4
  %5 = fadd float %3, %4
  store float %5, ptr %1, align 4
  %6 = insertvalue { ptr, float } undef, ptr %1, 0
  %7 = insertvalue { ptr, float } %6, float %3, 1
  ret { ptr, float } %7
}

define float @caller(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9) {
bb0:
  %10 = call ptr @fill(ptr %1, i64 3, float 7.500000e+00)
  %11 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %10, 0
  %12 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %11, ptr %10, 1
  %13 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %12, i64 0, 2
  %14 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 3
  %15 = insertvalue [2 x i64] %14, i64 4, 0
  %16 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, [2 x i64] %15, 3
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %16, 4
  %18 = insertvalue [2 x i64] %17, i64 3, 0
  %19 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %16, [2 x i64] %18, 4
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, 3
  %21 = insertvalue [2 x i64] %20, i64 3, 1
  %22 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, [2 x i64] %21, 3
  %23 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %22, 4
  %24 = insertvalue [2 x i64] %23, i64 1, 1
  %25 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %22, [2 x i64] %24, 4
  %26 = getelementptr float, ptr %10, i64 4
  store float 1.000000e+00, ptr %26, align 4
  %27 = call { ptr, float } @pair(ptr %10, ptr %8)
  %28 = extractvalue { ptr, float } %27, 0
  %29 = load float, ptr %28, align 4
  %30 = extractvalue { ptr, float } %27, 1
  %31 = fadd float %29, %30
  ret float %31
}

define float @strided_sum(ptr %0) {
bb0:
  %1 = getelementptr float, ptr %0, i64 1
  %2 = load float, ptr %1, align 4
  %3 = getelementptr float, ptr %1, i64 3
  %4 = load float, ptr %3, align 4
  %5 = fadd float %2, %4
  ret float %5
}
