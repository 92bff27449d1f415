; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_clamp_index = constant [59 x i8] c"{\22name\22:\22clamp_index\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_sum = constant [64 x i8] c"{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22i32\22,1,null]],\22r\22:[\22i32\22],\22v\22:1}\00"

define i64 @clamp_index(i64 %0, i64 %1) {
bb0:
  %2 = icmp sgt i64 %1, 0
  br i1 %2, label %assert.ok, label %assert.fail

assert.fail:                                      ; preds = %bb0
  %assert.msg = alloca [27 x i8], align 1
  store [27 x i8] c"the bound must be positive\00", ptr %assert.msg, align 1
  %3 = call i32 @puts(ptr %assert.msg)
  %4 = call i32 @fflush(ptr null)
  call void @abort()
  unreachable

assert.ok:                                        ; preds = %bb0
  %5 = icmp slt i64 %0, %1
  %6 = sub i64 %1, 1
  %7 = select i1 %5, i64 %0, i64 %6
  ret i64 %7
}

define i32 @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  br label %bb1

bb1:                                              ; preds = %assert.ok, %bb0
  %5 = phi i64 [ 0, %bb0 ], [ %13, %assert.ok ]
  %6 = phi i32 [ 0, %bb0 ], [ %14, %assert.ok ]
  %7 = icmp slt i64 %5, %3
  br i1 %7, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %8 = getelementptr i32, ptr %1, i64 %5
  %9 = load i32, ptr %8, align 4
  %10 = icmp sge i32 %9, 0
  br i1 %10, label %assert.ok, label %assert.fail

bb3:                                              ; preds = %bb1
  ret i32 %6

assert.fail:                                      ; preds = %bb2
  %assert.msg = alloca [48 x i8], align 1
  store [48 x i8] c"elements are not negative\0A(checked in the loop)\00", ptr %assert.msg, align 1
  %11 = call i32 @puts(ptr %assert.msg)
  %12 = call i32 @fflush(ptr null)
  call void @abort()
  unreachable

assert.ok:                                        ; preds = %bb2
  %13 = add i64 %5, 1
  %14 = add i32 %6, %9
  br label %bb1
}

declare i32 @puts(ptr)

declare i32 @fflush(ptr)

declare void @abort()
