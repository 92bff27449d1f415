; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_foo = constant [64 x i8] c"{\22name\22:\22foo\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}\00"

define private void @qux(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
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

define void @foo(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  ret void
}

define void @_mlir_ciface_foo(ptr %0) {
bb0:
  %1 = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %0, align 8
  %2 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %1, 0
  %3 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %1, 1
  %4 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %1, 2
  %5 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %1, 3
  %6 = extractvalue [2 x i64] %5, 0
  %7 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %1, 3
  %8 = extractvalue [2 x i64] %7, 1
  %9 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %1, 4
  %10 = extractvalue [2 x i64] %9, 0
  %11 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %1, 4
  %12 = extractvalue [2 x i64] %11, 1
  call void @foo(ptr %2, ptr %3, i64 %4, i64 %6, i64 %8, i64 %10, i64 %12)
  ret void
}

declare void @_mlir_ciface_qux(ptr)
