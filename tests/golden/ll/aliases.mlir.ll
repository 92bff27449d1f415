; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_sum = constant [70 x i8] c"{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_second = constant [64 x i8] c"{\22name\22:\22second\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22f32\22],\22v\22:1}\00"

define float @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %6 = phi i64 [ 0, %bb0 ], [ %11, %bb2 ]
  %7 = phi float [ 0.000000e+00, %bb0 ], [ %12, %bb2 ]
  %8 = icmp slt i64 %6, %5
  br i1 %8, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %9 = getelementptr float, ptr %1, i64 %6
  %10 = load float, ptr %9, align 4
  %11 = add i64 %6, 1
  %12 = fadd float %7, %10
  br label %bb1

bb3:                                              ; preds = %bb1
  ret float %7
}

define float @second(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = getelementptr float, ptr %1, i64 %2
  %6 = getelementptr float, ptr %5, i64 1
  %7 = load float, ptr %6, align 4
  ret float %7
}
