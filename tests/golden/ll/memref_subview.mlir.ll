; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_window = constant [84 x i8] c"{\22name\22:\22window\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,4],\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_poke = constant [83 x i8] c"{\22name\22:\22poke\22,\22a\22:[[\22ndarray\22,\22i32\22,2,null,null],\22i64\22,\22i64\22,\22i32\22],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_nested = constant [65 x i8] c"{\22name\22:\22nested\22,\22a\22:[[\22ndarray\22,\22i64\22,1,16]],\22r\22:[\22i64\22],\22v\22:1}\00"

define float @window(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = mul i64 %7, 4
  %11 = add i64 %10, 1
  %12 = getelementptr float, ptr %1, i64 %11
  %13 = mul i64 %8, 4
  %14 = mul i64 %9, 2
  %15 = add i64 %13, %14
  %16 = getelementptr float, ptr %12, i64 %15
  %17 = load float, ptr %16, align 4
  ret float %17
}

define void @poke(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i32 %9) {
bb0:
  %10 = add i64 %5, %7
  %11 = getelementptr i32, ptr %1, i64 %10
  %12 = sub i64 %8, 1
  %13 = getelementptr i32, ptr %11, i64 %12
  store i32 %9, ptr %13, align 4
  ret void
}

define i64 @nested(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = getelementptr i64, ptr %1, i64 4
  %6 = getelementptr i64, ptr %5, i64 6
  %7 = load i64, ptr %6, align 8
  ret i64 %7
}
