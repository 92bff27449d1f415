; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_grow = constant [58 x i8] c"{\22name\22:\22grow\22,\22a\22:[\22f32\22,\22f32\22],\22r\22:[\22f32\22,\22f32\22],\22v\22:1}\00"
@__kiln_abi_shrink = constant [48 x i8] c"{\22name\22:\22shrink\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_sum3 = constant [62 x i8] c"{\22name\22:\22sum3\22,\22a\22:[[\22ndarray\22,\22i64\22,1,3]],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_resize = constant [60 x i8] c"{\22name\22:\22resize\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_mixed = constant [53 x i8] c"{\22name\22:\22mixed\22,\22a\22:[\22i64\22],\22r\22:[\22f32\22,\22f32\22],\22v\22:1}\00"

define { float, float } @grow(float %0, float %1) {
bb0:
  %2 = call ptr @malloc(i64 8)
  %3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %2, 0
  %4 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, ptr %2, 1
  %5 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, i64 0, 2
  %6 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %5, 3
  %7 = insertvalue [1 x i64] %6, i64 2, 0
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %5, [1 x i64] %7, 3
  %9 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, 4
  %10 = insertvalue [1 x i64] %9, i64 1, 0
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, [1 x i64] %10, 4
  store float %0, ptr %2, align 4
  %12 = getelementptr float, ptr %2, i64 1
  store float %1, ptr %12, align 4
  %13 = call ptr @malloc(i64 20)
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %13, 0
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, ptr %13, 1
  %16 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, i64 0, 2
  %17 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, 3
  %18 = insertvalue [1 x i64] %17, i64 5, 0
  %19 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, [1 x i64] %18, 3
  %20 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, 4
  %21 = insertvalue [1 x i64] %20, i64 1, 0
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, [1 x i64] %21, 4
  call void @memcpy(ptr %13, ptr %2, i64 8)
  call void @free(ptr %2)
  %23 = getelementptr float, ptr %13, i64 4
  store float %0, ptr %23, align 4
  %24 = getelementptr float, ptr %13, i64 1
  %25 = load float, ptr %24, align 4
  %26 = load float, ptr %23, align 4
  call void @free(ptr %13)
  %27 = insertvalue { float, float } undef, float %25, 0
  %28 = insertvalue { float, float } %27, float %26, 1
  ret { float, float } %28
}

define i64 @shrink(i64 %0) {
bb0:
  %1 = call ptr @malloc(i64 64)
  %2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %1, 0
  %3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, ptr %1, 1
  %4 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, i64 0, 2
  %5 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, 3
  %6 = insertvalue [1 x i64] %5, i64 8, 0
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, [1 x i64] %6, 3
  %8 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, 4
  %9 = insertvalue [1 x i64] %8, i64 1, 0
  %10 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, [1 x i64] %9, 4
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %11 = phi i64 [ 0, %bb0 ], [ %15, %bb2 ]
  %12 = icmp ult i64 %11, 8
  br i1 %12, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %13 = mul i64 %11, %11
  %14 = getelementptr i64, ptr %1, i64 %11
  store i64 %13, ptr %14, align 8
  %15 = add i64 %11, 1
  br label %bb1

bb3:                                              ; preds = %bb1
  %16 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, 3
  %17 = insertvalue [1 x i64] %16, i64 3, 0
  %18 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, [1 x i64] %17, 3
  %19 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %18, 4
  %20 = insertvalue [1 x i64] %19, i64 1, 0
  %21 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %18, [1 x i64] %20, 4
  %22 = getelementptr i64, ptr %1, i64 %0
  %23 = load i64, ptr %22, align 8
  %24 = call i64 @sum3(ptr %1, ptr %1, i64 0, i64 3, i64 1)
  call void @free(ptr %1)
  %25 = add i64 %23, %24
  ret i64 %25
}

define i64 @sum3(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = load i64, ptr %1, align 8
  %6 = getelementptr i64, ptr %1, i64 1
  %7 = load i64, ptr %6, align 8
  %8 = getelementptr i64, ptr %1, i64 2
  %9 = load i64, ptr %8, align 8
  %10 = add i64 %5, %7
  %11 = add i64 %10, %9
  ret i64 %11
}

define { i64, i64 } @resize(i64 %0, i64 %1) {
bb0:
  %2 = mul i64 %0, 8
  %3 = call ptr @malloc(i64 %2)
  %4 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %3, 0
  %5 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, ptr %3, 1
  %6 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %5, i64 0, 2
  %7 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, 3
  %8 = insertvalue [1 x i64] %7, i64 %0, 0
  %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, [1 x i64] %8, 3
  %10 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, 4
  %11 = insertvalue [1 x i64] %10, i64 1, 0
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, [1 x i64] %11, 4
  store i64 7, ptr %3, align 8
  %13 = getelementptr i64, ptr %3, i64 1
  store i64 9, ptr %13, align 8
  %14 = ptrtoint ptr %3 to i64
  %15 = sub i64 %14, %14
  %16 = mul i64 %1, 8
  %17 = add i64 %15, %16
  %18 = call ptr @realloc(ptr %3, i64 %17)
  %19 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %18, 0
  %20 = getelementptr i8, ptr %18, i64 %15
  %21 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, ptr %20, 1
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, i64 0, 2
  %23 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, 3
  %24 = insertvalue [1 x i64] %23, i64 %1, 0
  %25 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, [1 x i64] %24, 3
  %26 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %25, 4
  %27 = insertvalue [1 x i64] %26, i64 1, 0
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %25, [1 x i64] %27, 4
  %29 = sub i64 %1, 1
  %30 = getelementptr i64, ptr %20, i64 %29
  store i64 0, ptr %30, align 8
  %31 = load i64, ptr %20, align 8
  call void @free(ptr %18)
  %32 = insertvalue { i64, i64 } undef, i64 %31, 0
  %33 = insertvalue { i64, i64 } %32, i64 %1, 1
  ret { i64, i64 } %33
}

define { float, float } @mixed(i64 %0) {
bb0:
  %1 = call ptr @malloc(i64 8)
  %2 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %1, 0
  %3 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %2, ptr %1, 1
  %4 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, i64 0, 2
  %5 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, 3
  %6 = insertvalue [1 x i64] %5, i64 2, 0
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %4, [1 x i64] %6, 3
  %8 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, 4
  %9 = insertvalue [1 x i64] %8, i64 1, 0
  %10 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, [1 x i64] %9, 4
  %11 = getelementptr float, ptr %1, i64 1
  store float 2.500000e+00, ptr %11, align 4
  %12 = ptrtoint ptr %1 to i64
  %13 = sub i64 %12, %12
  %14 = mul i64 %0, 4
  %15 = add i64 %13, %14
  %16 = call ptr @realloc(ptr %1, i64 %15)
  %17 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %16, 0
  %18 = getelementptr i8, ptr %16, i64 %13
  %19 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %17, ptr %18, 1
  %20 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, i64 0, 2
  %21 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %20, 3
  %22 = insertvalue [1 x i64] %21, i64 %0, 0
  %23 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %20, [1 x i64] %22, 3
  %24 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %23, 4
  %25 = insertvalue [1 x i64] %24, i64 1, 0
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %23, [1 x i64] %25, 4
  %27 = getelementptr float, ptr %18, i64 1
  %28 = load float, ptr %27, align 4
  %29 = ptrtoint ptr %18 to i64
  %30 = ptrtoint ptr %16 to i64
  %31 = sub i64 %29, %30
  %32 = add i64 %31, 12
  %33 = call ptr @realloc(ptr %16, i64 %32)
  %34 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %33, 0
  %35 = getelementptr i8, ptr %33, i64 %31
  %36 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %34, ptr %35, 1
  %37 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %36, i64 0, 2
  %38 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %37, 3
  %39 = insertvalue [1 x i64] %38, i64 3, 0
  %40 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %37, [1 x i64] %39, 3
  %41 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %40, 4
  %42 = insertvalue [1 x i64] %41, i64 1, 0
  %43 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %40, [1 x i64] %42, 4
  %44 = getelementptr float, ptr %35, i64 1
  %45 = load float, ptr %44, align 4
  call void @free(ptr %33)
  %46 = insertvalue { float, float } undef, float %28, 0
  %47 = insertvalue { float, float } %46, float %45, 1
  ret { float, float } %47
}

declare ptr @malloc(i64)

declare void @memcpy(ptr, ptr, i64)

declare void @free(ptr)

declare ptr @realloc(ptr, i64)
