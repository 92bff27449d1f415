; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_copy2d = constant [91 x i8] c"{\22name\22:\22copy2d\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,null],[\22ndarray\22,\22f32\22,2,2,null]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_scratch = constant [71 x i8] c"{\22name\22:\22scratch\22,\22a\22:[[\22ndarray\22,\22i32\22,1,4]],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_scalar = constant [77 x i8] c"{\22name\22:\22scalar\22,\22a\22:[[\22ndarray\22,\22f64\22,0],[\22ndarray\22,\22f64\22,0]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_gather = constant [81 x i8] c"{\22name\22:\22gather\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4],[\22ndarray\22,\22f32\22,1,4]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_row = constant [82 x i8] c"{\22name\22:\22row\22,\22a\22:[[\22ndarray\22,\22i32\22,2,1,3],[\22ndarray\22,\22i32\22,2,1,3]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_through_unranked = constant [95 x i8] c"{\22name\22:\22through_unranked\22,\22a\22:[[\22ndarray\22,\22f64\22,2,2,2],[\22ndarray\22,\22f64\22,2,2,2]],\22r\22:[],\22v\22:1}\00"

define void @copy2d(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13) {
bb0:
  %14 = mul i64 2, %4
  %15 = mul i64 %14, 4
  call void @memcpy(ptr %8, ptr %1, i64 %15)
  ret void
}

define { i32, i32 } @scratch(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = call ptr @malloc(i64 16)
  %6 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %5, 0
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, ptr %5, 1
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, i64 0, 2
  %9 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, 3
  %10 = insertvalue [1 x i64] %9, i64 4, 0
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, [1 x i64] %10, 3
  %12 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 4
  %13 = insertvalue [1 x i64] %12, i64 1, 0
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, [1 x i64] %13, 4
  call void @memcpy(ptr %5, ptr %1, i64 16)
  %15 = getelementptr i32, ptr %5, i64 3
  %16 = load i32, ptr %15, align 4
  store i32 9, ptr %5, align 4
  %17 = load i32, ptr %5, align 4
  call void @free(ptr %5)
  %18 = insertvalue { i32, i32 } undef, i32 %16, 0
  %19 = insertvalue { i32, i32 } %18, i32 %17, 1
  ret { i32, i32 } %19
}

define void @scalar(ptr %0, ptr %1, i64 %2, ptr %3, ptr %4, i64 %5) {
bb0:
  call void @memcpy(ptr %4, ptr %1, i64 8)
  ret void
}

define void @gather(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr %6, i64 %7, i64 %8, i64 %9) {
bb0:
  %10 = alloca { i64, ptr }, i64 1, align 8
  %11 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %12 = alloca { i64, ptr }, i64 1, align 8
  %13 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %0, 0
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, ptr %1, 1
  %16 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, i64 %2, 2
  %17 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, 3
  %18 = insertvalue [1 x i64] %17, i64 %3, 0
  %19 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, [1 x i64] %18, 3
  %20 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, 4
  %21 = insertvalue [1 x i64] %20, i64 %4, 0
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, [1 x i64] %21, 4
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, ptr %13, align 8
  %23 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %13, 1
  store { i64, ptr } %23, ptr %12, align 8
  %24 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %5, 0
  %25 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %24, ptr %6, 1
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %25, i64 %7, 2
  %27 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, 3
  %28 = insertvalue [1 x i64] %27, i64 %8, 0
  %29 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, [1 x i64] %28, 3
  %30 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %29, 4
  %31 = insertvalue [1 x i64] %30, i64 %9, 0
  %32 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %29, [1 x i64] %31, 4
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %32, ptr %11, align 8
  %33 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %11, 1
  store { i64, ptr } %33, ptr %10, align 8
  call void @memrefCopy(i64 4, ptr %12, ptr %10)
  ret void
}

define void @row(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13) {
bb0:
  %14 = getelementptr i32, ptr %1, i64 %2
  call void @memcpy(ptr %8, ptr %14, i64 12)
  ret void
}

define void @through_unranked(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, ptr %7, ptr %8, i64 %9, i64 %10, i64 %11, i64 %12, i64 %13) {
bb0:
  %14 = alloca { i64, ptr }, i64 1, align 8
  %15 = alloca { i64, ptr }, i64 1, align 8
  %16 = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }, i64 1, align 8
  %17 = alloca { ptr, ptr, i64, [2 x i64], [2 x i64] }, i64 1, align 8
  %18 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %0, 0
  %19 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %18, ptr %1, 1
  %20 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %19, i64 %2, 2
  %21 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %20, 3
  %22 = insertvalue [2 x i64] %21, i64 %3, 0
  %23 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %20, [2 x i64] %22, 3
  %24 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %23, 4
  %25 = insertvalue [2 x i64] %24, i64 %5, 0
  %26 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %23, [2 x i64] %25, 4
  %27 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %26, 3
  %28 = insertvalue [2 x i64] %27, i64 %4, 1
  %29 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %26, [2 x i64] %28, 3
  %30 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %29, 4
  %31 = insertvalue [2 x i64] %30, i64 %6, 1
  %32 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %29, [2 x i64] %31, 4
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } %32, ptr %17, align 8
  %33 = insertvalue { i64, ptr } { i64 2, ptr undef }, ptr %17, 1
  %34 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr %7, 0
  %35 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %34, ptr %8, 1
  %36 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %35, i64 %9, 2
  %37 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, 3
  %38 = insertvalue [2 x i64] %37, i64 %10, 0
  %39 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %36, [2 x i64] %38, 3
  %40 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, 4
  %41 = insertvalue [2 x i64] %40, i64 %12, 0
  %42 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %39, [2 x i64] %41, 4
  %43 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, 3
  %44 = insertvalue [2 x i64] %43, i64 %11, 1
  %45 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %42, [2 x i64] %44, 3
  %46 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %45, 4
  %47 = insertvalue [2 x i64] %46, i64 %13, 1
  %48 = insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %45, [2 x i64] %47, 4
  store { ptr, ptr, i64, [2 x i64], [2 x i64] } %48, ptr %16, align 8
  %49 = insertvalue { i64, ptr } { i64 2, ptr undef }, ptr %16, 1
  store { i64, ptr } %33, ptr %15, align 8
  store { i64, ptr } %49, ptr %14, align 8
  call void @memrefCopy(i64 8, ptr %15, ptr %14)
  ret void
}

declare void @memcpy(ptr, ptr, i64)

declare ptr @malloc(i64)

declare void @free(ptr)

declare void @memrefCopy(i64, ptr, ptr)
