; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_rank_of = constant [66 x i8] c"{\22name\22:\22rank_of\22,\22a\22:[[\22ndarray\22,\22f32\22,null]],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_first = constant [66 x i8] c"{\22name\22:\22first\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_erase = constant [80 x i8] c"{\22name\22:\22erase\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[[\22ndarray\22,\22f32\22,null]],\22v\22:1}\00"
@__kiln_abi_dim0 = constant [62 x i8] c"{\22name\22:\22dim0\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22i64\22],\22v\22:1}\00"

define i64 @rank_of(i64 %0, ptr %1) {
bb0:
  ret i64 %0
}

define float @first(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %6 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %0, 0
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, ptr %1, 1
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, i64 %2, 2
  %9 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, 3
  %10 = insertvalue [1 x i64] %9, i64 %3, 0
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, [1 x i64] %10, 3
  %12 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 4
  %13 = insertvalue [1 x i64] %12, i64 %4, 0
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, [1 x i64] %13, 4
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, ptr %5, align 8
  %15 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %5, 1
  %16 = call i64 @rank_of(i64 1, ptr %5)
  %17 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %5, align 8
  %18 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %17, 1
  %19 = load float, ptr %18, align 4
  ret float %19
}

define { i64, ptr } @erase(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = alloca { ptr, ptr, i64, [1 x i64], [1 x i64] }, i64 1, align 8
  %6 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %0, 0
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %6, ptr %1, 1
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, i64 %2, 2
  %9 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, 3
  %10 = insertvalue [1 x i64] %9, i64 %3, 0
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, [1 x i64] %10, 3
  %12 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 4
  %13 = insertvalue [1 x i64] %12, i64 %4, 0
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, [1 x i64] %13, 4
  store { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, ptr %5, align 8
  %15 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %5, 1
  %16 = call ptr @malloc(i64 40)
  call void @memcpy(ptr %16, ptr %5, i64 40)
  %17 = insertvalue { i64, ptr } { i64 1, ptr undef }, ptr %16, 1
  ret { i64, ptr } %17
}

define i64 @dim0(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = call { i64, ptr } @erase(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
  %6 = call ptr @llvm.stacksave.p0()
  %7 = extractvalue { i64, ptr } %5, 0
  %8 = mul i64 %7, 16
  %9 = add i64 %8, 24
  %10 = alloca i8, i64 %9, align 1
  %11 = extractvalue { i64, ptr } %5, 1
  call void @memcpy(ptr %10, ptr %11, i64 %9)
  call void @free(ptr %11)
  %12 = insertvalue { i64, ptr } undef, i64 %7, 0
  %13 = insertvalue { i64, ptr } %12, ptr %10, 1
  %14 = getelementptr i64, ptr %10, i64 3
  %15 = load i64, ptr %14, align 8
  call void @llvm.stackrestore.p0(ptr %6)
  ret i64 %15
}

declare void @print_memref_f32(i64, ptr)

declare ptr @malloc(i64)

declare void @memcpy(ptr, ptr, i64)

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #0

declare void @free(ptr)

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn }
