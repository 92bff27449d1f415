; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

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

define void @qux(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
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

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #0

declare void @_mlir_ciface_qux(ptr)

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
