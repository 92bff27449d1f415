; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_erase = constant [83 x i8] c"{\22name\22:\22erase\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[[\22ndarray\22,\22f32\22,null]],\22v\22:1}\00"
@__kiln_abi_spin_dynamic = constant [79 x i8] c"{\22name\22:\22spin_dynamic\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"

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

define i64 @spin_dynamic(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %6 = phi i64 [ 0, %bb0 ], [ %18, %bb2 ]
  %7 = phi i64 [ 0, %bb0 ], [ %22, %bb2 ]
  %8 = icmp slt i64 %6, %5
  br i1 %8, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %9 = call { i64, ptr } @erase(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
  %10 = call ptr @llvm.stacksave.p0()
  %11 = extractvalue { i64, ptr } %9, 0
  %12 = mul i64 %11, 16
  %13 = add i64 %12, 24
  %14 = alloca i8, i64 %13, align 1
  %15 = extractvalue { i64, ptr } %9, 1
  call void @memcpy(ptr %14, ptr %15, i64 %13)
  call void @free(ptr %15)
  %16 = insertvalue { i64, ptr } undef, i64 %11, 0
  %17 = insertvalue { i64, ptr } %16, ptr %14, 1
  %18 = add i64 %6, 1
  %19 = getelementptr i64, ptr %14, i64 3
  %20 = load i64, ptr %19, align 8
  %21 = add i64 %11, %20
  %22 = add i64 %7, %21
  call void @llvm.stackrestore.p0(ptr %10)
  br label %bb1

bb3:                                              ; preds = %bb1
  ret i64 %7
}

declare ptr @malloc(i64)

declare void @memcpy(ptr, ptr, i64)

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #0

declare void @free(ptr)

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn }
