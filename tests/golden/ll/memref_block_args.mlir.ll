; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_pick_sum = constant [105 x i8] c"{\22name\22:\22pick_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],[\22ndarray\22,\22f32\22,1,null],\22i1\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_store_through_unranked = constant [112 x i8] c"{\22name\22:\22store_through_unranked\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,2],[\22ndarray\22,\22i32\22,2,2,2],\22i32\22],\22r\22:[\22i64\22],\22v\22:1}\00"

define float @pick_sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr %6, i64 %7, i64 %8, i64 %9, i1 %10, i64 %11) {
bb0:
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %0, 0
  %13 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, ptr %1, 1
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %13, i64 %2, 2
  %15 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, 3
  %16 = insertvalue [1 x i64] %15, i64 %3, 0
  %17 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, [1 x i64] %16, 3
  %18 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %17, 4
  %19 = insertvalue [1 x i64] %18, i64 %4, 0
  %20 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %17, [1 x i64] %19, 4
  %21 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %5, 0
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, ptr %6, 1
  %23 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, i64 %7, 2
  %24 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %23, 3
  %25 = insertvalue [1 x i64] %24, i64 %8, 0
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %23, [1 x i64] %25, 3
  %27 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, 4
  %28 = insertvalue [1 x i64] %27, i64 %9, 0
  %29 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, [1 x i64] %28, 4
  br i1 %10, label %bb1, label %bb0.to.bb1

bb1:                                              ; preds = %bb0, %bb0.to.bb1
  %30 = phi { ptr, ptr, i64, [1 x i64], [1 x i64] } [ %20, %bb0 ], [ %29, %bb0.to.bb1 ]
  br label %bb2

bb2:                                              ; preds = %bb3, %bb1
  %31 = phi i64 [ 0, %bb1 ], [ %38, %bb3 ]
  %32 = phi float [ 0.000000e+00, %bb1 ], [ %39, %bb3 ]
  %33 = phi { ptr, ptr, i64, [1 x i64], [1 x i64] } [ %30, %bb1 ], [ %33, %bb3 ]
  %34 = icmp slt i64 %31, %11
  br i1 %34, label %bb3, label %bb4

bb3:                                              ; preds = %bb2
  %35 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %33, 1
  %36 = getelementptr float, ptr %35, i64 %31
  %37 = load float, ptr %36, align 4
  %38 = add i64 %31, 1
  %39 = fadd float %32, %37
  br label %bb2

bb4:                                              ; preds = %bb2
  %40 = phi float [ %32, %bb2 ]
  ret float %40

bb0.to.bb1:                                       ; preds = %bb0
  br label %bb1
}

define i64 @store_through_unranked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13, i32 %14) {
bb0:
  %15 = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }, i64 1, align 8
  %16 = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }, i64 1, align 8
  %17 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %0, 0
  %18 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %17, ptr %1, 1
  %19 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %18, i64 %2, 2
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, 3
  %21 = insertvalue [2 x i64] %20, i64 %3, 0
  %22 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, [2 x i64] %21, 3
  %23 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %22, 4
  %24 = insertvalue [2 x i64] %23, i64 %5, 0
  %25 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %22, [2 x i64] %24, 4
  %26 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 3
  %27 = insertvalue [2 x i64] %26, i64 %4, 1
  %28 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, [2 x i64] %27, 3
  %29 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %28, 4
  %30 = insertvalue [2 x i64] %29, i64 %6, 1
  %31 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %28, [2 x i64] %30, 4
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } %31, ptr %16, align 8
  %32 = insertvalue { i64, ptr } { i64 2, ptr undef }, ptr %16, 1
  %33 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %7, 0
  %34 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %33, ptr %8, 1
  %35 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %34, i64 %9, 2
  %36 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, 3
  %37 = insertvalue [2 x i64] %36, i64 %10, 0
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, [2 x i64] %37, 3
  %39 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, 4
  %40 = insertvalue [2 x i64] %39, i64 %12, 0
  %41 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %38, [2 x i64] %40, 4
  %42 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, 3
  %43 = insertvalue [2 x i64] %42, i64 %11, 1
  %44 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %41, [2 x i64] %43, 3
  %45 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, 4
  %46 = insertvalue [2 x i64] %45, i64 %13, 1
  %47 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %44, [2 x i64] %46, 4
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } %47, ptr %15, align 8
  %48 = insertvalue { i64, ptr } { i64 2, ptr undef }, ptr %15, 1
  switch i32 %14, label %bb1 [
    i32 1, label %bb0.to.bb1
  ]

bb1:                                              ; preds = %bb0, %bb0.to.bb1
  %49 = phi { i64, ptr } [ %32, %bb0 ], [ %48, %bb0.to.bb1 ]
  %50 = extractvalue { i64, ptr } %49, 1
  %51 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %50, align 8
  %52 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %51, 1
  %53 = getelementptr i32, ptr %52, i64 2
  store i32 7, ptr %53, align 4
  %54 = extractvalue { i64, ptr } %49, 0
  ret i64 %54

bb0.to.bb1:                                       ; preds = %bb0
  br label %bb1
}
