; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_static_2d = constant [81 x i8] c"{\22name\22:\22static_2d\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,8],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_dynamic_2d = constant [89 x i8] c"{\22name\22:\22dynamic_2d\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22i64\22,\22i64\22,\22f32\22],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_strided_static = constant [86 x i8] c"{\22name\22:\22strided_static\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,8],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_strided_dynamic = constant [93 x i8] c"{\22name\22:\22strided_dynamic\22,\22a\22:[[\22ndarray\22,\22i32\22,2,null,null],\22i64\22,\22i64\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_scalar_cell = constant [73 x i8] c"{\22name\22:\22scalar_cell\22,\22a\22:[[\22ndarray\22,\22f64\22,0],\22f64\22],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_roundtrip = constant [57 x i8] c"{\22name\22:\22roundtrip\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"

define float @static_2d(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8) {
bb0:
  %9 = mul i64 %7, 8
  %10 = add i64 %9, %8
  %11 = getelementptr float, ptr %1, i64 %10
  %12 = load float, ptr %11, align 4
  ret float %12
}

define void @dynamic_2d(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, float %9) {
bb0:
  %10 = mul i64 %7, %5
  %11 = add i64 %10, %8
  %12 = getelementptr float, ptr %1, i64 %11
  store float %9, ptr %12, align 4
  ret void
}

define float @strided_static(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8) {
bb0:
  %9 = getelementptr float, ptr %1, i64 4
  %10 = mul i64 %7, 16
  %11 = add i64 %10, %8
  %12 = getelementptr float, ptr %9, i64 %11
  %13 = load float, ptr %12, align 4
  ret float %13
}

define i32 @strided_dynamic(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8) {
bb0:
  %9 = getelementptr i32, ptr %1, i64 %2
  %10 = mul i64 %7, %5
  %11 = mul i64 %8, %6
  %12 = add i64 %10, %11
  %13 = getelementptr i32, ptr %9, i64 %12
  %14 = load i32, ptr %13, align 4
  ret i32 %14
}

define double @scalar_cell(ptr %0, ptr %1, i64 %2, double %3) {
bb0:
  %4 = load double, ptr %1, align 8
  store double %3, ptr %1, align 8
  ret double %4
}

define i64 @roundtrip(i64 %0, i64 %1) {
bb0:
  %2 = alloca i64, i64 2, align 8
  %3 = mul i64 %0, 8
  %4 = call ptr @malloc(i64 %3)
  %5 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %4, 0
  %6 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %5, ptr %4, 1
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, i64 0, 2
  %8 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, 3
  %9 = insertvalue [1 x i64] %8, i64 %0, 0
  %10 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, [1 x i64] %9, 3
  %11 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %10, 4
  %12 = insertvalue [1 x i64] %11, i64 1, 0
  %13 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %10, [1 x i64] %12, 4
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %2, 0
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, ptr %2, 1
  %16 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, i64 0, 2
  %17 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, 3
  %18 = insertvalue [1 x i64] %17, i64 2, 0
  %19 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, [1 x i64] %18, 3
  %20 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, 4
  %21 = insertvalue [1 x i64] %20, i64 1, 0
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %19, [1 x i64] %21, 4
  %23 = getelementptr i64, ptr %4, i64 1
  store i64 %1, ptr %23, align 8
  %24 = load i64, ptr %23, align 8
  %25 = getelementptr i64, ptr %2, i64 1
  store i64 %24, ptr %25, align 8
  %26 = load i64, ptr %25, align 8
  call void @free(ptr %4)
  ret i64 %26
}

declare ptr @malloc(i64)

declare void @free(ptr)
