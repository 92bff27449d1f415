; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_widen = constant [51 x i8] c"{\22name\22:\22widen\22,\22a\22:[\22i8\22,\22i8\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_scale = constant [64 x i8] c"{\22name\22:\22scale\22,\22a\22:[[\22ndarray\22,\22f32\22,1,8],\22f32\22],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_first = constant [63 x i8] c"{\22name\22:\22first\22,\22a\22:[[\22ndarray\22,\22i32\22,1,4]],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_main = constant [50 x i8] c"{\22name\22:\22main\22,\22a\22:[\22i8\22,\22i8\22],\22r\22:[\22i32\22],\22v\22:1}\00"

define signext i32 @widen(i8 signext %0, i8 noundef zeroext %1) {
bb0:
  %2 = sext i8 %0 to i32
  %3 = zext i8 %1 to i32
  %4 = add i32 %2, %3
  ret i32 %4
}

define void @scale(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, float noundef %5) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %6 = phi i64 [ 0, %bb0 ], [ %11, %bb2 ]
  %7 = icmp slt i64 %6, 8
  br i1 %7, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %8 = getelementptr float, ptr %1, i64 %6
  %9 = load float, ptr %8, align 4
  %10 = fmul float %9, %5
  store float %10, ptr %8, align 4
  %11 = add i64 %6, 1
  br label %bb1

bb3:                                              ; preds = %bb1
  ret void
}

define void @_mlir_ciface_scale(ptr noalias nonnull %0, float noundef %1) {
bb0:
  %2 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %0, align 8
  %3 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, 0
  %4 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, 1
  %5 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, 2
  %6 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, 3
  %7 = extractvalue [1 x i64] %6, 0
  %8 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, 4
  %9 = extractvalue [1 x i64] %8, 0
  call void @scale(ptr %3, ptr %4, i64 %5, i64 %7, i64 %9, float %1)
  ret void
}

define i32 @first(ptr readonly align 16 dereferenceable(16) %0) {
bb0:
  %1 = load i32, ptr %0, align 4
  ret i32 %1
}

define i32 @main(i8 %0, i8 %1) {
bb0:
  %2 = call i32 @widen(i8 %0, i8 %1)
  ret i32 %2
}

declare signext i16 @clamp(i16 signext)
