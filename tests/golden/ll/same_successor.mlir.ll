; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_pick = constant [57 x i8] c"{\22name\22:\22pick\22,\22a\22:[\22i1\22,\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_classify = constant [50 x i8] c"{\22name\22:\22classify\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"

define i32 @pick(i1 %0, i32 %1, i32 %2) {
bb0:
  br i1 %0, label %bb1, label %bb0.to.bb1

bb1:                                              ; preds = %bb0, %bb0.to.bb1
  %3 = phi i32 [ %1, %bb0 ], [ %2, %bb0.to.bb1 ]
  ret i32 %3

bb0.to.bb1:                                       ; preds = %bb0
  br label %bb1
}

define i32 @classify(i32 %0) {
bb0:
  switch i32 %0, label %bb1 [
    i32 10, label %bb0.to.bb1
    i32 20, label %bb0.to.bb11
  ]

bb1:                                              ; preds = %bb0, %bb0.to.bb11, %bb0.to.bb1
  %1 = phi i32 [ 0, %bb0 ], [ 1, %bb0.to.bb1 ], [ 2, %bb0.to.bb11 ]
  ret i32 %1

bb0.to.bb1:                                       ; preds = %bb0
  br label %bb1

bb0.to.bb11:                                      ; preds = %bb0
  br label %bb1
}
