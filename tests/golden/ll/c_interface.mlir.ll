; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_scale = constant [77 x i8] c"{\22name\22:\22scale\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22f32\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_minmax = constant [60 x i8] c"{\22name\22:\22minmax\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_call_qux = constant [69 x i8] c"{\22name\22:\22call_qux\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_iota = constant [65 x i8] c"{\22name\22:\22iota\22,\22a\22:[\22i64\22],\22r\22:[[\22ndarray\22,\22i64\22,1,null]],\22v\22:1}\00"
@__kiln_abi_rank_plus_dim0 = constant [73 x i8] c"{\22name\22:\22rank_plus_dim0\22,\22a\22:[[\22ndarray\22,\22f32\22,null]],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_cell_plus = constant [89 x i8] c"{\22name\22:\22cell_plus\22,\22a\22:[[\22ndarray\22,\22f64\22,0],[\22ndarray\22,\22f64\22,2,2,2]],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_call_two = constant [94 x i8] c"{\22name\22:\22call_two\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],[\22ndarray\22,\22i64\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}\00"

define float @scale(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, float %7) {
bb0:
  %8 = load float, ptr %1, align 4
  %9 = fmul float %8, %7
  store float %9, ptr %1, align 4
  ret float %9
}

define float @_mlir_ciface_scale(ptr %0, float %1) {
bb0:
  %2 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
  %3 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %2, 0
  %4 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %2, 1
  %5 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %2, 2
  %6 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %2, 3
  %7 = extractvalue [2 x i64] %6, 0
  %8 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %2, 3
  %9 = extractvalue [2 x i64] %8, 1
  %10 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %2, 4
  %11 = extractvalue [2 x i64] %10, 0
  %12 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %2, 4
  %13 = extractvalue [2 x i64] %12, 1
  %14 = call float @scale(ptr %3, ptr %4, i64 %5, i64 %7, i64 %9, i64 %11, i64 %13, float %1)
  ret float %14
}

define { i32, i32 } @minmax(i32 %0, i32 %1) {
bb0:
  %2 = call i32 @llvm.smin.i32(i32 %0, i32 %1)
  %3 = insertvalue { i32, i32 } undef, i32 %2, 0
  %4 = call i32 @llvm.smax.i32(i32 %0, i32 %1)
  %5 = insertvalue { i32, i32 } %3, i32 %4, 1
  ret { i32, i32 } %5
}

define void @_mlir_ciface_minmax(ptr %0, i32 %1, i32 %2) {
bb0:
  %3 = call { i32, i32 } @minmax(i32 %1, i32 %2)
  store { i32, i32 } %3, ptr %0, align 4
  ret void
}

define private void @qux(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  %7 = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }, i64 1, align 8
  %8 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %0, 0
  %9 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %8, ptr %1, 1
  %10 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %9, i64 %2, 2
  %11 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %10, 3
  %12 = insertvalue [2 x i64] %11, i64 %3, 0
  %13 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %10, [2 x i64] %12, 3
  %14 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, 4
  %15 = insertvalue [2 x i64] %14, i64 %5, 0
  %16 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, [2 x i64] %15, 4
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %16, 3
  %18 = insertvalue [2 x i64] %17, i64 %4, 1
  %19 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %16, [2 x i64] %18, 3
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, 4
  %21 = insertvalue [2 x i64] %20, i64 %6, 1
  %22 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, [2 x i64] %21, 4
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } %22, ptr %7, align 8
  call void @_mlir_ciface_qux(ptr %7)
  ret void
}

define void @call_qux(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  call void @qux(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6)
  ret void
}

define { ptr, ptr, i64, [1 x i64], [1 x i64] } @iota(i64 %0) {
bb0:
  %1 = mul i64 %0, 8
  %2 = call ptr @malloc(i64 %1)
  %3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %2, 0
  %4 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, ptr %2, 1
  %5 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, i64 0, 2
  %6 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %5, 3
  %7 = insertvalue [1 x i64] %6, i64 %0, 0
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %5, [1 x i64] %7, 3
  %9 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, 4
  %10 = insertvalue [1 x i64] %9, i64 1, 0
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, [1 x i64] %10, 4
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %12 = phi i64 [ 0, %bb0 ], [ %15, %bb2 ]
  %13 = icmp slt i64 %12, %0
  br i1 %13, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %14 = getelementptr i64, ptr %2, i64 %12
  store i64 %12, ptr %14, align 8
  %15 = add i64 %12, 1
  br label %bb1

bb3:                                              ; preds = %bb1
  ret { ptr, ptr, i64, [1 x i64], [1 x i64] } %11
}

define void @_mlir_ciface_iota(ptr %0, i64 %1) {
bb0:
  %2 = call { ptr, ptr, i64, [1 x i64], [1 x i64] } @iota(i64 %1)
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, ptr %0, align 8
  ret void
}

define i64 @rank_plus_dim0(i64 %0, ptr %1) {
bb0:
  %2 = getelementptr i64, ptr %1, i64 3
  %3 = load i64, ptr %2, align 8
  %4 = add i64 %0, %3
  ret i64 %4
}

define i64 @_mlir_ciface_rank_plus_dim0(ptr %0) {
bb0:
  %1 = load { i64, ptr }, ptr %0, align 8
  %2 = extractvalue { i64, ptr } %1, 0
  %3 = extractvalue { i64, ptr } %1, 1
  %4 = call i64 @rank_plus_dim0(i64 %2, ptr %3)
  ret i64 %4
}

define double @cell_plus(ptr %0, ptr %1, i64 %2, ptr %3, ptr %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = load double, ptr %1, align 8
  %11 = getelementptr double, ptr %4, i64 %5
  %12 = add i64 %8, %9
  %13 = getelementptr double, ptr %11, i64 %12
  %14 = load double, ptr %13, align 8
  %15 = fadd double %10, %14
  ret double %15
}

define double @_mlir_ciface_cell_plus(ptr %0, ptr %1) {
bb0:
  %2 = load { ptr, ptr, i64 }, ptr %0, align 8
  %3 = extractvalue { ptr, ptr, i64 } %2, 0
  %4 = extractvalue { ptr, ptr, i64 } %2, 1
  %5 = extractvalue { ptr, ptr, i64 } %2, 2
  %6 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %1, align 8
  %7 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %6, 0
  %8 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %6, 1
  %9 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %6, 2
  %10 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %6, 3
  %11 = extractvalue [2 x i64] %10, 0
  %12 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %6, 3
  %13 = extractvalue [2 x i64] %12, 1
  %14 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %6, 4
  %15 = extractvalue [2 x i64] %14, 0
  %16 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %6, 4
  %17 = extractvalue [2 x i64] %16, 1
  %18 = call double @cell_plus(ptr %3, ptr %4, i64 %5, ptr %7, ptr %8, i64 %9, i64 %11, i64 %13, i64 %15, i64 %17)
  ret double %18
}

define private { ptr, ptr, i64, [1 x i64], [1 x i64] } @two(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %11 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %12 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %13 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %0, 0
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %13, ptr %1, 1
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, i64 %2, 2
  %16 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, 3
  %17 = insertvalue [1 x i64] %16, i64 %3, 0
  %18 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, [1 x i64] %17, 3
  %19 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %18, 4
  %20 = insertvalue [1 x i64] %19, i64 %4, 0
  %21 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %18, [1 x i64] %20, 4
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, ptr %11, align 8
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %5, 0
  %23 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, ptr %6, 1
  %24 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %23, i64 %7, 2
  %25 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %24, 3
  %26 = insertvalue [1 x i64] %25, i64 %8, 0
  %27 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %24, [1 x i64] %26, 3
  %28 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %27, 4
  %29 = insertvalue [1 x i64] %28, i64 %9, 0
  %30 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %27, [1 x i64] %29, 4
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %30, ptr %10, align 8
  call void @_mlir_ciface_two(ptr %12, ptr %11, ptr %10)
  %31 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %12, align 8
  ret { ptr, ptr, i64, [1 x i64], [1 x i64] } %31
}

define float @call_two(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = call { ptr, ptr, i64, [1 x i64], [1 x i64] } @two(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr %6, i64 %7, i64 %8, i64 %9)
  %11 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %10, 1
  %12 = load float, ptr %11, align 4
  ret float %12
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #0

declare void @_mlir_ciface_qux(ptr)

declare ptr @malloc(i64)

declare void @_mlir_ciface_two(ptr, ptr, ptr)

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
