; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_sum = constant [45 x i8] c"{\22name\22:\22sum\22,\22a\22:[\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_twice = constant [69 x i8] c"{\22name\22:\22twice\22,\22a\22:[\22f32\22,[\22ndarray\22,\22f32\22,1,1]],\22r\22:[\22f32\22],\22v\22:1}\00"

define float @sum(i64 %0) {
bb0:
  %1 = alloca float, i64 2, align 4
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %2 = phi i64 [ 0, %bb0 ], [ %33, %bb2 ]
  %3 = phi float [ 0.000000e+00, %bb0 ], [ %35, %bb2 ]
  %4 = icmp sge i64 %2, %0
  br i1 %4, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %5 = call ptr @llvm.stacksave.p0()
  %6 = alloca float, i64 %0, align 4
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %6, 0
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, ptr %6, 1
  %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, i64 0, 2
  %10 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, 3
  %11 = insertvalue [1 x i64] %10, i64 %0, 0
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, [1 x i64] %11, 3
  %13 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, 4
  %14 = insertvalue [1 x i64] %13, i64 1, 0
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, [1 x i64] %14, 4
  %16 = trunc i64 %2 to i32
  %17 = sitofp i32 %16 to float
  %18 = getelementptr float, ptr %6, i64 %2
  store float %17, ptr %18, align 4
  %19 = call ptr @llvm.stacksave.p0()
  %20 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %1, 0
  %21 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %20, ptr %1, 1
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, i64 0, 2
  %23 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, 3
  %24 = insertvalue [1 x i64] %23, i64 2, 0
  %25 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, [1 x i64] %24, 3
  %26 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %25, 4
  %27 = insertvalue [1 x i64] %26, i64 1, 0
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %25, [1 x i64] %27, 4
  %29 = fdiv float %17, 2.000000e+00
  %30 = getelementptr float, ptr %1, i64 1
  store float %29, ptr %30, align 4
  %31 = load float, ptr %30, align 4
  call void @llvm.stackrestore.p0(ptr %19)
  %32 = load float, ptr %18, align 4
  call void @llvm.stackrestore.p0(ptr %5)
  %33 = add i64 %2, 1
  %34 = fadd float %3, %32
  %35 = fadd float %34, %31
  br label %bb1

bb3:                                              ; preds = %bb1
  ret float %3
}

define float @twice(float %0, ptr %1, ptr %2, i64 %3, i64 %4, i64 %5) {
bb0:
  %6 = alloca float, i64 4, align 4
  %7 = alloca float, i64 1, align 4
  %8 = call ptr @llvm.stacksave.p0()
  %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %7, 0
  %10 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, ptr %7, 1
  %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %10, i64 0, 2
  %12 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 3
  %13 = insertvalue [1 x i64] %12, i64 1, 0
  %14 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, [1 x i64] %13, 3
  %15 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, 4
  %16 = insertvalue [1 x i64] %15, i64 1, 0
  %17 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %14, [1 x i64] %16, 4
  store float %0, ptr %7, align 4
  %18 = load float, ptr %7, align 4
  call void @llvm.stackrestore.p0(ptr %8)
  %19 = call ptr @llvm.stacksave.p0()
  %20 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %6, 0
  %21 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %20, ptr %6, 1
  %22 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %21, i64 0, 2
  %23 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, 3
  %24 = insertvalue [1 x i64] %23, i64 4, 0
  %25 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %22, [1 x i64] %24, 3
  %26 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %25, 4
  %27 = insertvalue [1 x i64] %26, i64 1, 0
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %25, [1 x i64] %27, 4
  call void @llvm.stackrestore.p0(ptr %19)
  %29 = fadd float %18, %18
  store float %29, ptr %2, align 4
  ret float %29
}

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #0

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn }
