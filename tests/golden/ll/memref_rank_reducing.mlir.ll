; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_row_sum = constant [73 x i8] c"{\22name\22:\22row_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,4],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_column = constant [78 x i8] c"{\22name\22:\22column\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,4],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_fiber = constant [106 x i8] c"{\22name\22:\22fiber\22,\22a\22:[[\22ndarray\22,\22f64\22,3,null,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22f64\22],\22v\22:1}\00"
@__kiln_abi_element = constant [80 x i8] c"{\22name\22:\22element\22,\22a\22:[[\22ndarray\22,\22i32\22,2,3,3],\22i64\22,\22i64\22,\22i32\22],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_units = constant [73 x i8] c"{\22name\22:\22units\22,\22a\22:[[\22ndarray\22,\22f32\22,3,1,5,1],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"

define float @row_sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = mul i64 %7, 4
  %9 = getelementptr float, ptr %1, i64 %8
  %10 = load float, ptr %9, align 4
  %11 = getelementptr float, ptr %9, i64 3
  %12 = load float, ptr %11, align 4
  %13 = fadd float %10, %12
  ret float %13
}

define float @column(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8) {
bb0:
  %9 = getelementptr float, ptr %1, i64 %7
  %10 = mul i64 %8, 4
  %11 = getelementptr float, ptr %9, i64 %10
  %12 = load float, ptr %11, align 4
  ret float %12
}

define { i64, double } @fiber(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12) {
bb0:
  %13 = mul i64 %9, %6
  %14 = mul i64 %10, %7
  %15 = add i64 %13, %14
  %16 = getelementptr double, ptr %1, i64 %15
  %17 = getelementptr double, ptr %16, i64 %12
  %18 = load double, ptr %17, align 8
  %19 = insertvalue { i64, double } undef, i64 %11, 0
  %20 = insertvalue { i64, double } %19, double %18, 1
  ret { i64, double } %20
}

define void @element(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i32 %9) {
bb0:
  %10 = mul i64 %7, 3
  %11 = add i64 %10, %8
  %12 = getelementptr i32, ptr %1, i64 %11
  store i32 %9, ptr %12, align 4
  ret void
}

define float @units(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = getelementptr float, ptr %1, i64 %9
  %11 = load float, ptr %10, align 4
  ret float %11
}
