; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_inc = constant [45 x i8] c"{\22name\22:\22inc\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_dbl = constant [45 x i8] c"{\22name\22:\22dbl\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_pick = constant [49 x i8] c"{\22name\22:\22pick\22,\22a\22:[\22i1\22],\22r\22:[\22unknown\22],\22v\22:1}\00"
@__kiln_abi_repeat = constant [64 x i8] c"{\22name\22:\22repeat\22,\22a\22:[\22unknown\22,\22i64\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_main = constant [51 x i8] c"{\22name\22:\22main\22,\22a\22:[\22i1\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_generic = constant [49 x i8] c"{\22name\22:\22generic\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"

define i32 @inc(i32 %0) {
bb0:
  %1 = add i32 %0, 1
  ret i32 %1
}

define i32 @dbl(i32 %0) {
bb0:
  %1 = add i32 %0, %0
  ret i32 %1
}

define ptr @pick(i1 %0) {
bb0:
  %1 = select i1 %0, ptr @inc, ptr @dbl
  ret ptr %1
}

define i32 @repeat(ptr %0, i64 %1, i32 %2) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %3 = phi i64 [ 0, %bb0 ], [ %8, %bb2 ]
  %4 = phi i32 [ %2, %bb0 ], [ %7, %bb2 ]
  %5 = phi ptr [ %0, %bb0 ], [ %5, %bb2 ]
  %6 = icmp eq i64 %3, %1
  br i1 %6, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %7 = call i32 %5(i32 %4)
  %8 = add i64 %3, 1
  br label %bb1

bb3:                                              ; preds = %bb1
  ret i32 %4
}

define i32 @main(i1 %0, i32 %1) {
bb0:
  %2 = call ptr @pick(i1 %0)
  %3 = call i32 @repeat(ptr %2, i64 3, i32 %1)
  ret i32 %3
}

define i32 @generic(i32 %0) {
bb0:
  %1 = call i32 @dbl(i32 %0)
  ret i32 %1
}
