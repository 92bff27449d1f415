; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_add = constant [51 x i8] c"{\22name\22:\22add\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_mul = constant [51 x i8] c"{\22name\22:\22mul\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_pair = constant [52 x i8] c"{\22name\22:\22pair\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22,\22f32\22],\22v\22:1}\00"
@__kiln_abi_sum = constant [64 x i8] c"{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_apply = constant [101 x i8] c"{\22name\22:\22apply\22,\22a\22:[\22i1\22,\22i32\22,\22i32\22,[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22i32\22,\22i32\22,\22f32\22,\22f32\22],\22v\22:1}\00"

define i32 @add(i32 %0, i32 %1) {
bb0:
  %2 = add i32 %0, %1
  ret i32 %2
}

define i32 @mul(i32 %0, i32 %1) {
bb0:
  %2 = mul i32 %0, %1
  ret i32 %2
}

define { i32, float } @pair(i32 %0) {
bb0:
  %1 = insertvalue { i32, float } undef, i32 %0, 0
  %2 = sitofp i32 %0 to float
  %3 = insertvalue { i32, float } %1, float %2, 1
  ret { i32, float } %3
}

define float @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = load float, ptr %1, align 4
  ret float %5
}

define { i32, i32, float, float } @apply(i1 %0, i32 %1, i32 %2, ptr %3, ptr %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = call i32 @add(i32 %1, i32 %2)
  %9 = call i32 @mul(i32 %1, i32 %2)
  %10 = select i1 %0, i32 %8, i32 %9
  %11 = call { i32, float } @pair(i32 %10)
  %12 = call float @sum(ptr %3, ptr %4, i64 %5, i64 %6, i64 %7)
  %13 = insertvalue { i32, i32, float, float } undef, i32 %10, 0
  %14 = extractvalue { i32, float } %11, 0
  %15 = insertvalue { i32, i32, float, float } %13, i32 %14, 1
  %16 = extractvalue { i32, float } %11, 1
  %17 = insertvalue { i32, i32, float, float } %15, float %16, 2
  %18 = insertvalue { i32, i32, float, float } %17, float %12, 3
  ret { i32, i32, float, float } %18
}
