; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_spin = constant [71 x i8] c"{\22name\22:\22spin\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"

define private void @observe(i64 %0, ptr %1) {
bb0:
  %2 = alloca { i64, ptr }, i64 1, align 8
  %3 = insertvalue { i64, ptr } undef, i64 %0, 0
  %4 = insertvalue { i64, ptr } %3, ptr %1, 1
  store { i64, ptr } %4, ptr %2, align 8
  call void @_mlir_ciface_observe(ptr %2)
  ret void
}

define i64 @spin(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5) {
bb0:
  %6 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %0, 0
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, ptr %1, 1
  %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, i64 %2, 2
  %10 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, 3
  %11 = insertvalue [1 x i64] %10, i64 %3, 0
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, [1 x i64] %11, 3
  %13 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, 4
  %14 = insertvalue [1 x i64] %13, i64 %4, 0
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, [1 x i64] %14, 4
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %16 = phi i64 [ 0, %bb0 ], [ %19, %bb2 ]
  %17 = icmp slt i64 %16, %5
  br i1 %17, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, ptr %6, align 8
  %18 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %6, 1
  call void @observe(i64 1, ptr %6)
  %19 = add i64 %16, 1
  br label %bb1

bb3:                                              ; preds = %bb1
  ret i64 %16
}

declare void @_mlir_ciface_observe(ptr)
