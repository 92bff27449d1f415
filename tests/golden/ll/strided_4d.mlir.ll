; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_load4d = constant [106 x i8] c"{\22name\22:\22load4d\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_bump4d = constant [107 x i8] c"{\22name\22:\22bump4d\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22f32\22],\22r\22:[],\22v\22:1}\00"

define float @load4d(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14) {
bb0:
  %15 = getelementptr float, ptr %1, i64 %2
  %16 = mul i64 %11, %7
  %17 = mul i64 %12, %8
  %18 = add i64 %16, %17
  %19 = mul i64 %13, %9
  %20 = add i64 %18, %19
  %21 = mul i64 %14, %10
  %22 = add i64 %20, %21
  %23 = getelementptr float, ptr %15, i64 %22
  %24 = load float, ptr %23, align 4
  ret float %24
}

define void @bump4d(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14, float %15) {
bb0:
  %16 = getelementptr float, ptr %1, i64 %2
  %17 = mul i64 %11, %7
  %18 = mul i64 %12, %8
  %19 = add i64 %17, %18
  %20 = mul i64 %13, %9
  %21 = add i64 %19, %20
  %22 = mul i64 %14, %10
  %23 = add i64 %21, %22
  %24 = getelementptr float, ptr %16, i64 %23
  %25 = load float, ptr %24, align 4
  %26 = fadd float %25, %15
  store float %26, ptr %24, align 4
  ret void
}
