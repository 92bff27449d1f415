; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_window = constant [96 x i8] c"{\22name\22:\22window\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_metadata = constant [95 x i8] c"{\22name\22:\22metadata\22,\22a\22:[[\22ndarray\22,\22i32\22,2,3,null]],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_transpose_store = constant [73 x i8] c"{\22name\22:\22transpose_store\22,\22a\22:[[\22ndarray\22,\22i64\22,1,6]],\22r\22:[\22i64\22],\22v\22:1}\00"

define float @window(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10) {
bb0:
  %11 = mul i64 %7, %5
  %12 = add i64 %11, 1
  %13 = getelementptr float, ptr %1, i64 %12
  %14 = mul i64 %9, %5
  %15 = mul i64 %10, 2
  %16 = add i64 %14, %15
  %17 = getelementptr float, ptr %13, i64 %16
  %18 = load float, ptr %17, align 4
  ret float %18
}

define { i64, i64, i64, i64, i64 } @metadata(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  %7 = insertvalue { i64, i64, i64, i64, i64 } undef, i64 %2, 0
  %8 = insertvalue { i64, i64, i64, i64, i64 } %7, i64 3, 1
  %9 = insertvalue { i64, i64, i64, i64, i64 } %8, i64 %4, 2
  %10 = insertvalue { i64, i64, i64, i64, i64 } %9, i64 %5, 3
  %11 = insertvalue { i64, i64, i64, i64, i64 } %10, i64 1, 4
  ret { i64, i64, i64, i64, i64 } %11
}

define i64 @transpose_store(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = getelementptr i64, ptr %1, i64 5
  %6 = load i64, ptr %5, align 8
  %7 = getelementptr i64, ptr %1, i64 1
  store i64 100, ptr %7, align 8
  ret i64 %6
}
