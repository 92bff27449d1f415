; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_f = constant [49 x i8] c"{\22name\22:\22f\22,\22a\22:[\22i1\22,\22i32\22,\22i32\22],\22r\22:[],\22v\22:1}\00"

define void @f(i1 %0, i32 %1, i32 %2) {
bb0:
  br i1 %0, label %bb1, label %bb0.to.bb1

bb1:                                              ; preds = %bb0, %bb0.to.bb1
  %3 = phi i32 [ %1, %bb0 ], [ %2, %bb0.to.bb1 ]
  call void @use(i32 %3)
  ret void

bb0.to.bb1:                                       ; preds = %bb0
  br label %bb1
}

declare void @use(i32)
