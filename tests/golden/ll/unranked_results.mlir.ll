; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_two = constant [103 x i8] c"{\22name\22:\22two\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3]],\22r\22:[[\22ndarray\22,\22f32\22,null],[\22ndarray\22,\22f32\22,null]],\22v\22:1}\00"
@__kiln_abi_caller = constant [66 x i8] c"{\22name\22:\22caller\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_mixed = constant [98 x i8] c"{\22name\22:\22mixed\22,\22a\22:[[\22ndarray\22,\22f32\22,1,2],\22i32\22],\22r\22:[\22i32\22,[\22ndarray\22,\22f32\22,null],\22f32\22],\22v\22:1}\00"

define { { i64, ptr }, { i64, ptr } } @two(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
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
  %23 = insertvalue { i64, ptr } { i64 2, ptr undef }, ptr %7, 1
  %24 = call ptr @malloc(i64 56)
  call void @memcpy(ptr %24, ptr %7, i64 56)
  %25 = call ptr @malloc(i64 56)
  call void @memcpy(ptr %25, ptr %7, i64 56)
  %26 = insertvalue { i64, ptr } { i64 2, ptr undef }, ptr %24, 1
  %27 = insertvalue { { i64, ptr }, { i64, ptr } } undef, { i64, ptr } %26, 0
  %28 = insertvalue { i64, ptr } { i64 2, ptr undef }, ptr %25, 1
  %29 = insertvalue { { i64, ptr }, { i64, ptr } } %27, { i64, ptr } %28, 1
  ret { { i64, ptr }, { i64, ptr } } %29
}

define void @_mlir_ciface_two(ptr %0, ptr %1) {
bb0:
  %2 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %1, align 8
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
  %14 = call { { i64, ptr }, { i64, ptr } } @two(ptr %3, ptr %4, i64 %5, i64 %7, i64 %9, i64 %11, i64 %13)
  store { { i64, ptr }, { i64, ptr } } %14, ptr %0, align 8
  ret void
}

define float @caller(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  %7 = call { { i64, ptr }, { i64, ptr } } @two(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6)
  %8 = call ptr @llvm.stacksave.p0()
  %9 = extractvalue { { i64, ptr }, { i64, ptr } } %7, 0
  %10 = extractvalue { i64, ptr } %9, 0
  %11 = mul i64 %10, 16
  %12 = add i64 %11, 24
  %13 = alloca i8, i64 %12, align 1
  %14 = extractvalue { i64, ptr } %9, 1
  call void @memcpy(ptr %13, ptr %14, i64 %12)
  call void @free(ptr %14)
  %15 = call ptr @llvm.stacksave.p0()
  %16 = extractvalue { { i64, ptr }, { i64, ptr } } %7, 1
  %17 = extractvalue { i64, ptr } %16, 0
  %18 = mul i64 %17, 16
  %19 = add i64 %18, 24
  %20 = alloca i8, i64 %19, align 1
  %21 = extractvalue { i64, ptr } %16, 1
  call void @memcpy(ptr %20, ptr %21, i64 %19)
  call void @free(ptr %21)
  %22 = insertvalue { i64, ptr } undef, i64 %10, 0
  %23 = insertvalue { i64, ptr } %22, ptr %13, 1
  %24 = insertvalue { { i64, ptr }, { i64, ptr } } %7, { i64, ptr } %23, 0
  %25 = insertvalue { i64, ptr } undef, i64 %17, 0
  %26 = insertvalue { i64, ptr } %25, ptr %20, 1
  %27 = insertvalue { { i64, ptr }, { i64, ptr } } %24, { i64, ptr } %26, 1
  %28 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %13, align 8
  %29 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %20, align 8
  %30 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %28, 1
  %31 = getelementptr float, ptr %30, i64 5
  %32 = load float, ptr %31, align 4
  %33 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %29, 1
  %34 = getelementptr float, ptr %33, i64 7
  %35 = load float, ptr %34, align 4
  %36 = fadd float %32, %35
  call void @llvm.stackrestore.p0(ptr %8)
  ret float %36
}

define { i32, { i64, ptr }, float } @mixed(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i32 %5) {
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
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, ptr %6, align 8
  %16 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %6, 1
  %17 = getelementptr float, ptr %1, i64 1
  %18 = load float, ptr %17, align 4
  %19 = call ptr @malloc(i64 40)
  call void @memcpy(ptr %19, ptr %6, i64 40)
  %20 = insertvalue { i32, { i64, ptr }, float } undef, i32 %5, 0
  %21 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %19, 1
  %22 = insertvalue { i32, { i64, ptr }, float } %20, { i64, ptr } %21, 1
  %23 = insertvalue { i32, { i64, ptr }, float } %22, float %18, 2
  ret { i32, { i64, ptr }, float } %23
}

define void @_mlir_ciface_mixed(ptr %0, ptr %1, i32 %2) {
bb0:
  %3 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %1, align 8
  %4 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 0
  %5 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 1
  %6 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 2
  %7 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 3
  %8 = extractvalue [1 x i64] %7, 0
  %9 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 4
  %10 = extractvalue [1 x i64] %9, 0
  %11 = call { i32, { i64, ptr }, float } @mixed(ptr %4, ptr %5, i64 %6, i64 %8, i64 %10, i32 %2)
  store { i32, { i64, ptr }, float } %11, ptr %0, align 8
  ret void
}

declare ptr @malloc(i64)

declare void @memcpy(ptr, ptr, i64)

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #0

declare void @free(ptr)

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn }
