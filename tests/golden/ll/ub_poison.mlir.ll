; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_pick = constant [51 x i8] c"{\22name\22:\22pick\22,\22a\22:[\22i1\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_first_or_poison = constant [82 x i8] c"{\22name\22:\22first_or_poison\22,\22a\22:[[\22ndarray\22,\22f64\22,1,null],\22i64\22],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_index_poison = constant [54 x i8] c"{\22name\22:\22index_poison\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_pick_memref = constant [80 x i8] c"{\22name\22:\22pick_memref\22,\22a\22:[\22i1\22,[\22ndarray\22,\22f32\22,1,4],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_pick_unranked = constant [77 x i8] c"{\22name\22:\22pick_unranked\22,\22a\22:[\22i1\22,[\22ndarray\22,\22f32\22,null]],\22r\22:[\22i64\22],\22v\22:1}\00"

define i32 @pick(i1 %0, i32 %1) {
bb0:
  %2 = select i1 %0, i32 %1, i32 poison
  ret i32 %2
}

define double @first_or_poison(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5) {
bb0:
  %6 = icmp ult i64 %5, %3
  br i1 %6, label %bb1, label %bb2

bb1:                                              ; preds = %bb0
  %7 = getelementptr double, ptr %1, i64 %5
  %8 = load double, ptr %7, align 8
  ret double %8

bb2:                                              ; preds = %bb0
  ret double poison
}

define i64 @index_poison(i64 %0) {
bb0:
  ret i64 %0
}

define float @pick_memref(i1 %0, ptr %1, ptr %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %1, 0
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, ptr %2, 1
  %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, i64 %3, 2
  %10 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, 3
  %11 = insertvalue [1 x i64] %10, i64 %4, 0
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, [1 x i64] %11, 3
  %13 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, 4
  %14 = insertvalue [1 x i64] %13, i64 %5, 0
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, [1 x i64] %14, 4
  %16 = select i1 %0, { ptr, ptr, i64, [1 x i64], [1 x i64] } %15, { ptr, ptr, i64, [1 x i64], [1 x i64] } poison
  %17 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %16, 1
  %18 = getelementptr float, ptr %17, i64 %6
  %19 = load float, ptr %18, align 4
  ret float %19
}

define i64 @pick_unranked(i1 %0, i64 %1, ptr %2) {
bb0:
  %3 = insertvalue { i64, ptr } undef, i64 %1, 0
  %4 = insertvalue { i64, ptr } %3, ptr %2, 1
  %5 = select i1 %0, { i64, ptr } %4, { i64, ptr } poison
  %6 = extractvalue { i64, ptr } %5, 0
  ret i64 %6
}
