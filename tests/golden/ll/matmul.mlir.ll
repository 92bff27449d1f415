; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_matmul = constant [127 x i8] c"{\22name\22:\22matmul\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],[\22ndarray\22,\22f32\22,2,null,null],[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}\00"

define void @matmul(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, ptr %14, ptr %15, i64 %16, i64 %17, i64 %18, i64 %19, i64 %20) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb8, %bb0
  %21 = phi i64 [ 0, %bb0 ], [ %44, %bb8 ]
  %22 = icmp slt i64 %21, %3
  br i1 %22, label %bb2, label %bb9

bb2:                                              ; preds = %bb1
  %23 = mul i64 %21, %19
  %24 = mul i64 %21, %5
  br label %bb3

bb3:                                              ; preds = %bb7, %bb2
  %25 = phi i64 [ 0, %bb2 ], [ %43, %bb7 ]
  %26 = icmp slt i64 %25, %11
  br i1 %26, label %bb4, label %bb8

bb4:                                              ; preds = %bb3
  %27 = add i64 %23, %25
  %28 = getelementptr float, ptr %15, i64 %27
  %29 = load float, ptr %28, align 4
  br label %bb5

bb5:                                              ; preds = %bb6, %bb4
  %30 = phi i64 [ 0, %bb4 ], [ %40, %bb6 ]
  %31 = phi float [ %29, %bb4 ], [ %42, %bb6 ]
  %32 = icmp slt i64 %30, %4
  br i1 %32, label %bb6, label %bb7

bb6:                                              ; preds = %bb5
  %33 = add i64 %24, %30
  %34 = getelementptr float, ptr %1, i64 %33
  %35 = load float, ptr %34, align 4
  %36 = mul i64 %30, %12
  %37 = add i64 %36, %25
  %38 = getelementptr float, ptr %8, i64 %37
  %39 = load float, ptr %38, align 4
  %40 = add i64 %30, 1
  %41 = fmul float %35, %39
  %42 = fadd float %31, %41
  br label %bb5

bb7:                                              ; preds = %bb5
  store float %31, ptr %28, align 4
  %43 = add i64 %25, 1
  br label %bb3

bb8:                                              ; preds = %bb3
  %44 = add i64 %21, 1
  br label %bb1

bb9:                                              ; preds = %bb1
  ret void
}

define void @_mlir_ciface_matmul(ptr %0, ptr %1, ptr %2) {
bb0:
  %3 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
  %4 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %3, 0
  %5 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %3, 1
  %6 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %3, 2
  %7 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %3, 3
  %8 = extractvalue [2 x i64] %7, 0
  %9 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %3, 3
  %10 = extractvalue [2 x i64] %9, 1
  %11 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %3, 4
  %12 = extractvalue [2 x i64] %11, 0
  %13 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %3, 4
  %14 = extractvalue [2 x i64] %13, 1
  %15 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %1, align 8
  %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 0
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 1
  %18 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 2
  %19 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 3
  %20 = extractvalue [2 x i64] %19, 0
  %21 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 3
  %22 = extractvalue [2 x i64] %21, 1
  %23 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 4
  %24 = extractvalue [2 x i64] %23, 0
  %25 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 4
  %26 = extractvalue [2 x i64] %25, 1
  %27 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %2, align 8
  %28 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %27, 0
  %29 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %27, 1
  %30 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %27, 2
  %31 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %27, 3
  %32 = extractvalue [2 x i64] %31, 0
  %33 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %27, 3
  %34 = extractvalue [2 x i64] %33, 1
  %35 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %27, 4
  %36 = extractvalue [2 x i64] %35, 0
  %37 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %27, 4
  %38 = extractvalue [2 x i64] %37, 1
  call void @matmul(ptr %4, ptr %5, i64 %6, i64 %8, i64 %10, i64 %12, i64 %14, ptr %16, ptr %17, i64 %18, i64 %20, i64 %22, i64 %24, i64 %26, ptr %28, ptr %29, i64 %30, i64 %32, i64 %34, i64 %36, i64 %38)
  ret void
}
