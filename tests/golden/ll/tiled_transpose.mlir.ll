; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_transpose = constant [100 x i8] c"{\22name\22:\22transpose\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}\00"

define void @transpose(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb6, %bb0
  %14 = phi i64 [ 0, %bb0 ], [ %16, %bb6 ]
  %15 = icmp slt i64 %14, %3
  %16 = add i64 %14, 4
  %17 = call i64 @llvm.smin.i64(i64 %16, i64 %3)
  br i1 %15, label %bb2, label %bb7

bb2:                                              ; preds = %bb5, %bb1
  %18 = phi i64 [ %14, %bb1 ], [ %30, %bb5 ]
  %19 = icmp slt i64 %18, %17
  %20 = mul i64 %18, %5
  br i1 %19, label %bb3, label %bb6

bb3:                                              ; preds = %bb4, %bb2
  %21 = phi i64 [ 0, %bb2 ], [ %29, %bb4 ]
  %22 = icmp slt i64 %21, %3
  br i1 %22, label %bb4, label %bb5

bb4:                                              ; preds = %bb3
  %23 = add i64 %20, %21
  %24 = getelementptr float, ptr %1, i64 %23
  %25 = load float, ptr %24, align 4
  %26 = mul i64 %21, %12
  %27 = add i64 %26, %18
  %28 = getelementptr float, ptr %8, i64 %27
  store float %25, ptr %28, align 4
  %29 = add i64 %21, 1
  br label %bb3

bb5:                                              ; preds = %bb3
  %30 = add i64 %18, 1
  br label %bb2

bb6:                                              ; preds = %bb2
  br label %bb1

bb7:                                              ; preds = %bb1
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
