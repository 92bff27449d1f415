; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_trace = constant [71 x i8] c"{\22name\22:\22trace\22,\22a\22:[[\22ndarray\22,\22f64\22,2,null,null]],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_set = constant [99 x i8] c"{\22name\22:\22set\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,8],\22i64\22,\22i64\22,\22f32\22],\22r\22:[[\22ndarray\22,\22f32\22,2,4,8]],\22v\22:1}\00"

define double @trace(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %7 = phi i64 [ 0, %bb0 ], [ %14, %bb2 ]
  %8 = phi double [ 0.000000e+00, %bb0 ], [ %15, %bb2 ]
  %9 = icmp slt i64 %7, %3
  br i1 %9, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %10 = mul i64 %7, %5
  %11 = add i64 %10, %7
  %12 = getelementptr double, ptr %1, i64 %11
  %13 = load double, ptr %12, align 8
  %14 = add i64 %7, 1
  %15 = fadd double %8, %13
  br label %bb1

bb3:                                              ; preds = %bb1
  ret double %8
}

define { ptr, ptr, i64, [2 x i64], [2 x i64] } @set(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, float %9) {
bb0:
  %10 = mul i64 %7, 8
  %11 = add i64 %10, %8
  %12 = getelementptr float, ptr %1, i64 %11
  store float %9, ptr %12, align 4
  %13 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %0, 0
  %14 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, ptr %1, 1
  %15 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %14, i64 %2, 2
  %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 3
  %17 = insertvalue [2 x i64] %16, i64 %3, 0
  %18 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, [2 x i64] %17, 3
  %19 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %18, 4
  %20 = insertvalue [2 x i64] %19, i64 %5, 0
  %21 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %18, [2 x i64] %20, 4
  %22 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %21, 3
  %23 = insertvalue [2 x i64] %22, i64 %4, 1
  %24 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %21, [2 x i64] %23, 3
  %25 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %24, 4
  %26 = insertvalue [2 x i64] %25, i64 %6, 1
  %27 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %24, [2 x i64] %26, 4
  ret { ptr, ptr, i64, [2 x i64], [2 x i64] } %27
}
