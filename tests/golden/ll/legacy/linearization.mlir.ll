; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_load4 = constant [99 x i8] c"{\22name\22:\22load4\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,4,8],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_store4 = constant [101 x i8] c"{\22name\22:\22store4\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,4,8],\22f32\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[],\22v\22:1}\00"

define float @load4(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i64 %14) {
bb0:
  %15 = mul i64 %11, %7
  %16 = mul i64 %12, 32
  %17 = add i64 %15, %16
  %18 = mul i64 %13, 8
  %19 = add i64 %17, %18
  %20 = add i64 %19, %14
  %21 = getelementptr float, ptr %1, i64 %20
  %22 = load float, ptr %21, align 4
  ret float %22
}

define void @store4(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10, float %11, i64 %12, i64 %13, i64 %14, i64 %15) {
bb0:
  %16 = mul i64 %12, %7
  %17 = mul i64 %13, 32
  %18 = add i64 %16, %17
  %19 = mul i64 %14, 8
  %20 = add i64 %18, %19
  %21 = add i64 %20, %15
  %22 = getelementptr float, ptr %1, i64 %21
  store float %11, ptr %22, align 4
  ret void
}
