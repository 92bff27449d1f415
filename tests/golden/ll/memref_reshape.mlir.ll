; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_split = constant [76 x i8] c"{\22name\22:\22split\22,\22a\22:[[\22ndarray\22,\22f32\22,1,12],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_split_dynamic = constant [106 x i8] c"{\22name\22:\22split_dynamic\22,\22a\22:[[\22ndarray\22,\22i32\22,2,null,5],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_join = constant [78 x i8] c"{\22name\22:\22join\22,\22a\22:[[\22ndarray\22,\22f64\22,3,2,3,4],\22i64\22,\22i64\22],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_join_dynamic = constant [90 x i8] c"{\22name\22:\22join_dynamic\22,\22a\22:[[\22ndarray\22,\22i64\22,2,null,null],\22i64\22],\22r\22:[\22i64\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_join_rows = constant [75 x i8] c"{\22name\22:\22join_rows\22,\22a\22:[[\22ndarray\22,\22f32\22,2,3,4],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_join_unit = constant [75 x i8] c"{\22name\22:\22join_unit\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,1],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_join_strided = constant [84 x i8] c"{\22name\22:\22join_strided\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_scalar = constant [66 x i8] c"{\22name\22:\22scalar\22,\22a\22:[[\22ndarray\22,\22i32\22,2,1,1]],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_round_trip = constant [71 x i8] c"{\22name\22:\22round_trip\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,6],\22i32\22],\22r\22:[],\22v\22:1}\00"

define float @split(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  %7 = mul i64 %5, 4
  %8 = add i64 %7, %6
  %9 = getelementptr float, ptr %1, i64 %8
  %10 = load float, ptr %9, align 4
  ret float %10
}

define { i64, i32 } @split_dynamic(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10) {
bb0:
  %11 = mul i64 %8, 10
  %12 = mul i64 %9, 5
  %13 = add i64 %11, %12
  %14 = add i64 %13, %10
  %15 = getelementptr i32, ptr %1, i64 %14
  %16 = load i32, ptr %15, align 4
  %17 = insertvalue { i64, i32 } undef, i64 %7, 0
  %18 = insertvalue { i64, i32 } %17, i32 %16, 1
  ret { i64, i32 } %18
}

define double @join(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10) {
bb0:
  %11 = mul i64 %9, 4
  %12 = add i64 %11, %10
  %13 = getelementptr double, ptr %1, i64 %12
  %14 = load double, ptr %13, align 8
  ret double %14
}

define { i64, i64 } @join_dynamic(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = getelementptr i64, ptr %1, i64 %7
  %9 = load i64, ptr %8, align 8
  %10 = mul i64 %3, %4
  %11 = insertvalue { i64, i64 } undef, i64 %10, 0
  %12 = insertvalue { i64, i64 } %11, i64 %9, 1
  ret { i64, i64 } %12
}

define float @join_rows(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = getelementptr float, ptr %1, i64 2
  %9 = mul i64 %7, 6
  %10 = add i64 %9, 2
  %11 = add i64 %10, 1
  %12 = getelementptr float, ptr %8, i64 %11
  %13 = load float, ptr %12, align 4
  ret float %13
}

define float @join_unit(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = mul i64 %7, 5
  %9 = getelementptr float, ptr %1, i64 %8
  %10 = load float, ptr %9, align 4
  ret float %10
}

define float @join_strided(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = getelementptr float, ptr %1, i64 %2
  %9 = call i64 @llvm.smin.i64(i64 %5, i64 %6)
  %10 = mul i64 %7, %9
  %11 = getelementptr float, ptr %8, i64 %10
  %12 = load float, ptr %11, align 4
  ret float %12
}

define i32 @scalar(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  %7 = load i32, ptr %1, align 4
  ret i32 %7
}

define void @round_trip(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i32 %7) {
bb0:
  %8 = getelementptr i32, ptr %1, i64 11
  store i32 %7, ptr %8, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
