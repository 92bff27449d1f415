; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_foo = constant [57 x i8] c"{\22name\22:\22foo\22,\22a\22:[\22i32\22,\22i64\22],\22r\22:[\22i32\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_bar = constant [40 x i8] c"{\22name\22:\22bar\22,\22a\22:[],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_swap = constant [58 x i8] c"{\22name\22:\22swap\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_swap_diff = constant [57 x i8] c"{\22name\22:\22swap_diff\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_pair = constant [96 x i8] c"{\22name\22:\22pair\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i32\22],\22r\22:[[\22ndarray\22,\22f32\22,1,null],\22i32\22],\22v\22:1}\00"
@__kiln_abi_use_pair = constant [69 x i8] c"{\22name\22:\22use_pair\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_fresh = constant [72 x i8] c"{\22name\22:\22fresh\22,\22a\22:[\22i64\22],\22r\22:[\22i32\22,[\22ndarray\22,\22f32\22,1,null]],\22v\22:1}\00"

define { i32, i64 } @foo(i32 %0, i64 %1) {
bb0:
  %2 = insertvalue { i32, i64 } undef, i32 %0, 0
  %3 = insertvalue { i32, i64 } %2, i64 %1, 1
  ret { i32, i64 } %3
}

define i64 @bar() {
bb0:
  %0 = call { i32, i64 } @foo(i32 42, i64 17)
  %1 = extractvalue { i32, i64 } %0, 0
  %2 = sext i32 %1 to i64
  %3 = extractvalue { i32, i64 } %0, 1
  %4 = add i64 %2, %3
  ret i64 %4
}

define { i32, i32 } @swap(i32 %0, i32 %1) {
bb0:
  %2 = insertvalue { i32, i32 } undef, i32 %1, 0
  %3 = insertvalue { i32, i32 } %2, i32 %0, 1
  ret { i32, i32 } %3
}

define i32 @swap_diff(i32 %0, i32 %1) {
bb0:
  %2 = call { i32, i32 } @swap(i32 %0, i32 %1)
  %3 = extractvalue { i32, i32 } %2, 0
  %4 = extractvalue { i32, i32 } %2, 1
  %5 = sub i32 %3, %4
  ret i32 %5
}

define { { ptr, ptr, i64, [1 x i64], [1 x i64] }, i32 } @pair(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i32 %5) {
bb0:
  %6 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %0, 0
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, ptr %1, 1
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, i64 %2, 2
  %9 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, 3
  %10 = insertvalue [1 x i64] %9, i64 %3, 0
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, [1 x i64] %10, 3
  %12 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 4
  %13 = insertvalue [1 x i64] %12, i64 %4, 0
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, [1 x i64] %13, 4
  %15 = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, i32 } undef, { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, 0
  %16 = insertvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, i32 } %15, i32 %5, 1
  ret { { ptr, ptr, i64, [1 x i64], [1 x i64] }, i32 } %16
}

define float @use_pair(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = call { { ptr, ptr, i64, [1 x i64], [1 x i64] }, i32 } @pair(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i32 3)
  %6 = extractvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, i32 } %5, 0
  %7 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, 1
  %8 = getelementptr float, ptr %7, i64 1
  %9 = load float, ptr %8, align 4
  %10 = extractvalue { { ptr, ptr, i64, [1 x i64], [1 x i64] }, i32 } %5, 1
  %11 = sitofp i32 %10 to float
  %12 = fadd float %9, %11
  ret float %12
}

define { i32, { ptr, ptr, i64, [1 x i64], [1 x i64] } } @fresh(i64 %0) {
bb0:
  %1 = mul i64 %0, 4
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
  store float 2.500000e+00, ptr %2, align 4
  %12 = insertvalue { i32, { ptr, ptr, i64, [1 x i64], [1 x i64] } } { i32 7, { ptr, ptr, i64, [1 x i64], [1 x i64] } undef }, { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 1
  ret { i32, { ptr, ptr, i64, [1 x i64], [1 x i64] } } %12
}

declare ptr @malloc(i64)
