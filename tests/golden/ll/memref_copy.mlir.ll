; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_copy2d = constant [91 x i8] c"{\22name\22:\22copy2d\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,null],[\22ndarray\22,\22f32\22,2,2,null]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_scratch = constant [71 x i8] c"{\22name\22:\22scratch\22,\22a\22:[[\22ndarray\22,\22i32\22,1,4]],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_scalar = constant [77 x i8] c"{\22name\22:\22scalar\22,\22a\22:[[\22ndarray\22,\22f64\22,0],[\22ndarray\22,\22f64\22,0]],\22r\22:[],\22v\22:1}\00"

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

declare void @memcpy(ptr, ptr, i64)

declare ptr @malloc(i64)

declare void @free(ptr)
