; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_scale = constant [134 x i8] c"{\22name\22:\22scale\22,\22a\22:[[\22named\22,\22x\22,[\22ndarray\22,\22f32\22,2,2,3]],[\22named\22,\22opts\22,[\22sdict\22,[\22n\22,\22i64\22],[\22alpha\22,\22f32\22]]]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_pair = constant [166 x i8] c"{\22name\22:\22pair\22,\22a\22:[[\22named\22,\22p\22,[\22stuple\22,\22i32\22,\22i32\22]],[\22named\22,\22ys\22,[\22slist\22,\22i64\22,[\22ndarray\22,\22i32\22,1,null]]]],\22r\22:[[\22sdict\22,[\22sum\22,\22i32\22],[\22prod\22,\22i32\22]]],\22v\22:1}\00"
@__kiln_abi_total = constant [104 x i8] c"{\22name\22:\22total\22,\22a\22:[[\22named\22,\22xs\22,[\22py_homogeneous_list\22,\22f64\22]]],\22r\22:[[\22named\22,\22total\22,\22f64\22]],\22v\22:1}\00"
@__kiln_abi_plain = constant [74 x i8] c"{\22name\22:\22plain\22,\22a\22:[\22i32\22,[\22ndarray\22,\22f32\22,2,2,null]],\22r\22:[\22i32\22],\22v\22:1}\00"

define float @scale(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, float %7, i64 %8) {
bb0:
  %9 = load float, ptr %1, align 4
  %10 = getelementptr float, ptr %1, i64 5
  %11 = load float, ptr %10, align 4
  %12 = fadd float %9, %11
  %13 = fmul float %12, %7
  %14 = sitofp i64 %8 to float
  %15 = fadd float %13, %14
  ret float %15
}

define { i32, i32 } @pair(i32 %0, i32 %1, i64 %2, ptr %3, ptr %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = load i32, ptr %4, align 4
  %9 = mul i32 %0, %1
  %10 = insertvalue { i32, i32 } undef, i32 %9, 0
  %11 = add i32 %0, %1
  %12 = trunc i64 %2 to i32
  %13 = add i32 %11, %12
  %14 = add i32 %13, %8
  %15 = insertvalue { i32, i32 } %10, i32 %14, 1
  ret { i32, i32 } %15
}

define double @total(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %5 = phi i64 [ 0, %bb0 ], [ %10, %bb2 ]
  %6 = phi double [ 0.000000e+00, %bb0 ], [ %11, %bb2 ]
  %7 = icmp sge i64 %5, %3
  br i1 %7, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %8 = getelementptr double, ptr %1, i64 %5
  %9 = load double, ptr %8, align 8
  %10 = add i64 %5, 1
  %11 = fadd double %6, %9
  br label %bb1

bb3:                                              ; preds = %bb1
  ret double %6
}

define i32 @plain(i32 %0, ptr %1, ptr %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = add i32 %0, 1
  ret i32 %8
}

declare i32 @helper(i32)
