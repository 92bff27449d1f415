; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_element = constant [79 x i8] c"{\22name\22:\22element\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,3],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_rotate = constant [101 x i8] c"{\22name\22:\22rotate\22,\22a\22:[[\22ndarray\22,\22i32\22,3,null,null,null],\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_twice = constant [83 x i8] c"{\22name\22:\22twice\22,\22a\22:[[\22ndarray\22,\22f64\22,2,null,null],\22i64\22,\22i64\22],\22r\22:[\22f64\22],\22v\22:1}\00"

define float @element(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8) {
bb0:
  %9 = mul i64 %8, 3
  %10 = add i64 %7, %9
  %11 = getelementptr float, ptr %1, i64 %10
  %12 = load float, ptr %11, align 4
  ret float %12
}

define { i64, i32 } @rotate(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10, i64 %11) {
bb0:
  %12 = mul i64 %10, %6
  %13 = add i64 %9, %12
  %14 = mul i64 %11, %7
  %15 = add i64 %13, %14
  %16 = getelementptr i32, ptr %1, i64 %15
  %17 = load i32, ptr %16, align 4
  %18 = insertvalue { i64, i32 } undef, i64 %5, 0
  %19 = insertvalue { i64, i32 } %18, i32 %17, 1
  ret { i64, i32 } %19
}

define double @twice(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8) {
bb0:
  %9 = getelementptr double, ptr %1, i64 %2
  %10 = mul i64 %7, %5
  %11 = add i64 %10, %8
  %12 = getelementptr double, ptr %9, i64 %11
  %13 = load double, ptr %12, align 8
  ret double %13
}
