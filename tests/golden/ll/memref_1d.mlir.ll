; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_sum = constant [64 x i8] c"{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_sum_twice = constant [70 x i8] c"{\22name\22:\22sum_twice\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}\00"

define float @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %5 = phi i64 [ 0, %bb0 ], [ %10, %bb2 ]
  %6 = phi float [ 0.000000e+00, %bb0 ], [ %11, %bb2 ]
  %7 = icmp sge i64 %5, %3
  br i1 %7, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %8 = getelementptr float, ptr %1, i64 %5
  %9 = load float, ptr %8, align 4
  %10 = add i64 %5, 1
  %11 = fadd float %6, %9
  br label %bb1

bb3:                                              ; preds = %bb1
  ret float %6
}

define float @sum_twice(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = call float @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
  %6 = fadd float %5, %5
  ret float %6
}
