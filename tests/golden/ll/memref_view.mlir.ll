; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_floats = constant [66 x i8] c"{\22name\22:\22floats\22,\22a\22:[\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22f32\22],\22v\22:1}\00"
@__kiln_abi_overlap = constant [48 x i8] c"{\22name\22:\22overlap\22,\22a\22:[\22i32\22],\22r\22:[\22i8\22],\22v\22:1}\00"
@__kiln_abi_reshape = constant [85 x i8] c"{\22name\22:\22reshape\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,6],\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_reshape_dynamic = constant [105 x i8] c"{\22name\22:\22reshape_dynamic\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,6],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_reshape_i32 = constant [104 x i8] c"{\22name\22:\22reshape_i32\22,\22a\22:[[\22ndarray\22,\22f32\22,1,12],[\22ndarray\22,\22i32\22,1,2],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"

define { i64, float } @floats(i64 %0, i64 %1, i64 %2) {
bb0:
  %3 = call ptr @malloc(i64 256)
  %4 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %3, 0
  %5 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, ptr %3, 1
  %6 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %5, i64 0, 2
  %7 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, 3
  %8 = insertvalue [1 x i64] %7, i64 256, 0
  %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, [1 x i64] %8, 3
  %10 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, 4
  %11 = insertvalue [1 x i64] %10, i64 1, 0
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, [1 x i64] %11, 4
  %13 = getelementptr i8, ptr %3, i64 16
  %14 = mul i64 %1, 4
  %15 = add i64 %14, %2
  %16 = getelementptr float, ptr %13, i64 %15
  store float 2.500000e+00, ptr %16, align 4
  %17 = load float, ptr %16, align 4
  call void @free(ptr %3)
  %18 = insertvalue { i64, float } undef, i64 %0, 0
  %19 = insertvalue { i64, float } %18, float %17, 1
  ret { i64, float } %19
}

define i8 @overlap(i32 %0) {
bb0:
  %1 = alloca i8, i64 16, align 1
  %2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %1, 0
  %3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, ptr %1, 1
  %4 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, i64 0, 2
  %5 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, 3
  %6 = insertvalue [1 x i64] %5, i64 16, 0
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, [1 x i64] %6, 3
  %8 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, 4
  %9 = insertvalue [1 x i64] %8, i64 1, 0
  %10 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, [1 x i64] %9, 4
  %11 = getelementptr i32, ptr %1, i64 1
  store i32 %0, ptr %11, align 4
  %12 = getelementptr i8, ptr %1, i64 4
  %13 = load i8, ptr %12, align 1
  ret i8 %13
}

define i32 @reshape(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = alloca i64, i64 3, align 8
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %10, 0
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, ptr %10, 1
  %13 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, i64 0, 2
  %14 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %13, 3
  %15 = insertvalue [1 x i64] %14, i64 3, 0
  %16 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %13, [1 x i64] %15, 3
  %17 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, 4
  %18 = insertvalue [1 x i64] %17, i64 1, 0
  %19 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, [1 x i64] %18, 4
  store i64 3, ptr %10, align 8
  %20 = getelementptr i64, ptr %10, i64 1
  store i64 2, ptr %20, align 8
  %21 = getelementptr i64, ptr %10, i64 2
  store i64 2, ptr %21, align 8
  %22 = mul i64 %7, 4
  %23 = mul i64 %8, 2
  %24 = add i64 %22, %23
  %25 = add i64 %24, %9
  %26 = getelementptr i32, ptr %1, i64 %25
  %27 = load i32, ptr %26, align 4
  ret i32 %27
}

define { i64, i32 } @reshape_dynamic(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i64 %9, i64 %10) {
bb0:
  %11 = alloca i64, i64 2, align 8
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %11, 0
  %13 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, ptr %11, 1
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %13, i64 0, 2
  %15 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, 3
  %16 = insertvalue [1 x i64] %15, i64 2, 0
  %17 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, [1 x i64] %16, 3
  %18 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %17, 4
  %19 = insertvalue [1 x i64] %18, i64 1, 0
  %20 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %17, [1 x i64] %19, 4
  store i64 %7, ptr %11, align 8
  %21 = getelementptr i64, ptr %11, i64 1
  store i64 %8, ptr %21, align 8
  %22 = load i64, ptr %11, align 8
  %23 = load i64, ptr %21, align 8
  %24 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %0, 0
  %25 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %24, ptr %1, 1
  %26 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, i64 0, 2
  %27 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %26, 3
  %28 = insertvalue [2 x i64] %27, i64 %22, 0
  %29 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %26, [2 x i64] %28, 3
  %30 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %29, 4
  %31 = insertvalue [2 x i64] %30, i64 %23, 0
  %32 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %29, [2 x i64] %31, 4
  %33 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %32, 3
  %34 = insertvalue [2 x i64] %33, i64 %23, 1
  %35 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %32, [2 x i64] %34, 3
  %36 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, 4
  %37 = insertvalue [2 x i64] %36, i64 1, 1
  %38 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, [2 x i64] %37, 4
  store i64 0, ptr %11, align 8
  %39 = mul i64 %9, %23
  %40 = add i64 %39, %10
  %41 = getelementptr i32, ptr %1, i64 %40
  %42 = load i32, ptr %41, align 4
  %43 = insertvalue { i64, i32 } undef, i64 %23, 0
  %44 = insertvalue { i64, i32 } %43, i32 %42, 1
  ret { i64, i32 } %44
}

define float @reshape_i32(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr %6, i64 %7, i64 %8, i64 %9, i64 %10, i64 %11) {
bb0:
  %12 = load i32, ptr %6, align 4
  %13 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %0, 0
  %14 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %13, ptr %1, 1
  %15 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %14, i64 0, 2
  %16 = sext i32 %12 to i64
  %17 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, 3
  %18 = insertvalue [2 x i64] %17, i64 %16, 0
  %19 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %15, [2 x i64] %18, 3
  %20 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, 4
  %21 = insertvalue [2 x i64] %20, i64 4, 0
  %22 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, [2 x i64] %21, 4
  %23 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %22, 3
  %24 = insertvalue [2 x i64] %23, i64 4, 1
  %25 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %22, [2 x i64] %24, 3
  %26 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, 4
  %27 = insertvalue [2 x i64] %26, i64 1, 1
  %28 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %25, [2 x i64] %27, 4
  %29 = mul i64 %10, 4
  %30 = add i64 %29, %11
  %31 = getelementptr float, ptr %1, i64 %30
  %32 = load float, ptr %31, align 4
  ret float %32
}

declare ptr @malloc(i64)

declare void @free(ptr)
