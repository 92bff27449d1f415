; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_arith12 = constant [97 x i8] c"{\22name\22:\22arith12\22,\22a\22:[\22i12\22,\22i12\22],\22r\22:[\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22],\22v\22:1}\00"
@__kiln_abi_bits3 = constant [75 x i8] c"{\22name\22:\22bits3\22,\22a\22:[\22i3\22,\22i3\22],\22r\22:[\22i3\22,\22i3\22,\22i3\22,\22i3\22,\22i1\22,\22i1\22],\22v\22:1}\00"
@__kiln_abi_casts = constant [105 x i8] c"{\22name\22:\22casts\22,\22a\22:[\22i3\22,\22i12\22,\22i40\22],\22r\22:[\22i12\22,\22i12\22,\22i24\22,\22i3\22,\22i40\22,\22i64\22,\22f32\22,\22i24\22,\22i12\22],\22v\22:1}\00"
@__kiln_abi_extended = constant [85 x i8] c"{\22name\22:\22extended\22,\22a\22:[\22i12\22,\22i12\22],\22r\22:[\22i12\22,\22i1\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22],\22v\22:1}\00"
@__kiln_abi_extended40 = constant [70 x i8] c"{\22name\22:\22extended40\22,\22a\22:[\22i40\22,\22i40\22],\22r\22:[\22i40\22,\22i40\22,\22i40\22],\22v\22:1}\00"
@__kiln_abi_prefix = constant [70 x i8] c"{\22name\22:\22prefix\22,\22a\22:[[\22ndarray\22,\22i12\22,1,5]],\22r\22:[\22i24\22,\22i12\22],\22v\22:1}\00"
@__kiln_abi_wide = constant [68 x i8] c"{\22name\22:\22wide\22,\22a\22:[[\22ndarray\22,\22i40\22,1,3],\22i64\22],\22r\22:[\22i40\22],\22v\22:1}\00"
@__kiln_abi_lookup = constant [48 x i8] c"{\22name\22:\22lookup\22,\22a\22:[\22i64\22],\22r\22:[\22i12\22],\22v\22:1}\00"
@table = private constant [4 x i12] [i12 1, i12 -1, i12 2047, i12 -2048]

define { i12, i12, i12, i12, i12, i12, i12, i12 } @arith12(i12 %0, i12 %1) {
bb0:
  %2 = add i12 %0, %1
  %3 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } undef, i12 %2, 0
  %4 = sub i12 %0, %1
  %5 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } %3, i12 %4, 1
  %6 = mul i12 %0, %1
  %7 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } %5, i12 %6, 2
  %8 = udiv i12 %0, %1
  %9 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } %7, i12 %8, 3
  %10 = srem i12 %0, %1
  %11 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } %9, i12 %10, 4
  %12 = call i12 @llvm.smax.i12(i12 %0, i12 %1)
  %13 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } %11, i12 %12, 5
  %14 = call i12 @llvm.umin.i12(i12 %0, i12 %1)
  %15 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } %13, i12 %14, 6
  %16 = sdiv i12 %0, %1
  %17 = mul i12 %16, %1
  %18 = icmp ne i12 %17, %0
  %19 = icmp slt i12 %0, 0
  %20 = icmp slt i12 %1, 0
  %21 = icmp ne i1 %19, %20
  %22 = and i1 %18, %21
  %23 = select i1 %22, i12 1, i12 0
  %24 = sub i12 %16, %23
  %25 = insertvalue { i12, i12, i12, i12, i12, i12, i12, i12 } %15, i12 %24, 7
  ret { i12, i12, i12, i12, i12, i12, i12, i12 } %25
}

define { i3, i3, i3, i3, i1, i1 } @bits3(i3 %0, i3 %1) {
bb0:
  %2 = shl i3 %0, %1
  %3 = insertvalue { i3, i3, i3, i3, i1, i1 } undef, i3 %2, 0
  %4 = ashr i3 %0, %1
  %5 = insertvalue { i3, i3, i3, i3, i1, i1 } %3, i3 %4, 1
  %6 = lshr i3 %0, %1
  %7 = insertvalue { i3, i3, i3, i3, i1, i1 } %5, i3 %6, 2
  %8 = xor i3 %0, %1
  %9 = insertvalue { i3, i3, i3, i3, i1, i1 } %7, i3 %8, 3
  %10 = icmp ult i3 %0, %1
  %11 = insertvalue { i3, i3, i3, i3, i1, i1 } %9, i1 %10, 4
  %12 = icmp slt i3 %0, %1
  %13 = insertvalue { i3, i3, i3, i3, i1, i1 } %11, i1 %12, 5
  ret { i3, i3, i3, i3, i1, i1 } %13
}

define { i12, i12, i24, i3, i40, i64, float, i24, i12 } @casts(i3 %0, i12 %1, i40 %2) {
bb0:
  %3 = sext i3 %0 to i12
  %4 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } undef, i12 %3, 0
  %5 = zext i3 %0 to i12
  %6 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %4, i12 %5, 1
  %7 = sext i12 %1 to i24
  %8 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %6, i24 %7, 2
  %9 = trunc i12 %1 to i3
  %10 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %8, i3 %9, 3
  %11 = sext i12 %1 to i40
  %12 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %10, i40 %11, 4
  %13 = sext i40 %2 to i64
  %14 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %12, i64 %13, 5
  %15 = sitofp i12 %1 to float
  %16 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %14, float %15, 6
  %17 = trunc i40 %2 to i24
  %18 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %16, i24 %17, 7
  %19 = insertvalue { i12, i12, i24, i3, i40, i64, float, i24, i12 } %18, i12 -1234, 8
  ret { i12, i12, i24, i3, i40, i64, float, i24, i12 } %19
}

define { i12, i1, i12, i12, i12, i12 } @extended(i12 %0, i12 %1) {
bb0:
  %2 = add i12 %0, %1
  %3 = insertvalue { i12, i1, i12, i12, i12, i12 } undef, i12 %2, 0
  %4 = icmp ult i12 %2, %0
  %5 = insertvalue { i12, i1, i12, i12, i12, i12 } %3, i1 %4, 1
  %6 = mul i12 %0, %1
  %7 = insertvalue { i12, i1, i12, i12, i12, i12 } %5, i12 %6, 2
  %8 = sext i12 %0 to i64
  %9 = sext i12 %1 to i64
  %10 = mul i64 %8, %9
  %11 = lshr i64 %10, 12
  %12 = trunc i64 %11 to i12
  %13 = insertvalue { i12, i1, i12, i12, i12, i12 } %7, i12 %12, 3
  %14 = insertvalue { i12, i1, i12, i12, i12, i12 } %13, i12 %6, 4
  %15 = zext i12 %0 to i64
  %16 = zext i12 %1 to i64
  %17 = mul i64 %15, %16
  %18 = lshr i64 %17, 12
  %19 = trunc i64 %18 to i12
  %20 = insertvalue { i12, i1, i12, i12, i12, i12 } %14, i12 %19, 5
  ret { i12, i1, i12, i12, i12, i12 } %20
}

define { i40, i40, i40 } @extended40(i40 %0, i40 %1) {
bb0:
  %2 = mul i40 %0, %1
  %3 = insertvalue { i40, i40, i40 } undef, i40 %2, 0
  %4 = sext i40 %0 to i80
  %5 = sext i40 %1 to i80
  %6 = mul i80 %4, %5
  %7 = lshr i80 %6, 40
  %8 = trunc i80 %7 to i40
  %9 = insertvalue { i40, i40, i40 } %3, i40 %8, 1
  %10 = zext i40 %0 to i80
  %11 = zext i40 %1 to i80
  %12 = mul i80 %10, %11
  %13 = lshr i80 %12, 40
  %14 = trunc i80 %13 to i40
  %15 = insertvalue { i40, i40, i40 } %9, i40 %14, 2
  ret { i40, i40, i40 } %15
}

define { i24, i12 } @prefix(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = alloca i12, i64 5, align 2
  %6 = call ptr @malloc(i64 20)
  %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %6, 0
  %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, ptr %6, 1
  %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, i64 0, 2
  %10 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, 3
  %11 = insertvalue [1 x i64] %10, i64 5, 0
  %12 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, [1 x i64] %11, 3
  %13 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, 4
  %14 = insertvalue [1 x i64] %13, i64 1, 0
  %15 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %12, [1 x i64] %14, 4
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %16 = phi i64 [ 0, %bb0 ], [ %25, %bb2 ]
  %17 = phi i24 [ 0, %bb0 ], [ %22, %bb2 ]
  %18 = icmp eq i64 %16, 5
  br i1 %18, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %19 = getelementptr i12, ptr %1, i64 %16
  %20 = load i12, ptr %19, align 2
  %21 = sext i12 %20 to i24
  %22 = add i24 %17, %21
  %23 = getelementptr i24, ptr %6, i64 %16
  store i24 %22, ptr %23, align 4
  %24 = trunc i24 %22 to i12
  store i12 %24, ptr %19, align 2
  %25 = add i64 %16, 1
  br label %bb1

bb3:                                              ; preds = %bb1
  %26 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } undef, ptr %5, 0
  %27 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %26, ptr %5, 1
  %28 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %27, i64 0, 2
  %29 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %28, 3
  %30 = insertvalue [1 x i64] %29, i64 5, 0
  %31 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %28, [1 x i64] %30, 3
  %32 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %31, 4
  %33 = insertvalue [1 x i64] %32, i64 1, 0
  %34 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %31, [1 x i64] %33, 4
  call void @memcpy(ptr %5, ptr %1, i64 10)
  %35 = getelementptr i24, ptr %6, i64 4
  %36 = load i24, ptr %35, align 4
  %37 = getelementptr i12, ptr %5, i64 2
  %38 = load i12, ptr %37, align 2
  call void @free(ptr %6)
  %39 = insertvalue { i24, i12 } undef, i24 %36, 0
  %40 = insertvalue { i24, i12 } %39, i12 %38, 1
  ret { i24, i12 } %40
}

define i40 @wide(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5) {
bb0:
  %6 = getelementptr i40, ptr %1, i64 %5
  %7 = load i40, ptr %6, align 8
  %8 = add i40 %7, -1
  store i40 %8, ptr %6, align 8
  ret i40 %8
}

define i12 @lookup(i64 %0) {
bb0:
  %1 = getelementptr i12, ptr @table, i64 %0
  %2 = load i12, ptr %1, align 2
  ret i12 %2
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i12 @llvm.smax.i12(i12, i12) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i12 @llvm.umin.i12(i12, i12) #0

declare ptr @malloc(i64)

declare void @memcpy(ptr, ptr, i64)

declare void @free(ptr)

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
