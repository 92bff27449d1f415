; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_arithmetic = constant [112 x i8] c"{\22name\22:\22arithmetic\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_bitwise = constant [109 x i8] c"{\22name\22:\22bitwise\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}\00"

define { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } @arithmetic(i64 %0, i64 %1) {
bb0:
  %2 = add i64 %0, %1
  %3 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } undef, i64 %2, 0
  %4 = sub i64 %0, %1
  %5 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %3, i64 %4, 1
  %6 = mul i64 %0, %1
  %7 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %5, i64 %6, 2
  %8 = sdiv i64 %0, %1
  %9 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %7, i64 %8, 3
  %10 = udiv i64 %0, %1
  %11 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %9, i64 %10, 4
  %12 = mul i64 %8, %1
  %13 = icmp ne i64 %12, %0
  %14 = icmp slt i64 %0, 0
  %15 = icmp slt i64 %1, 0
  %16 = icmp eq i1 %14, %15
  %17 = and i1 %13, %16
  %18 = select i1 %17, i64 1, i64 0
  %19 = add i64 %8, %18
  %20 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %11, i64 %19, 5
  %21 = icmp eq i64 %0, 0
  %22 = sub i64 %0, 1
  %23 = udiv i64 %22, %1
  %24 = add i64 %23, 1
  %25 = select i1 %21, i64 0, i64 %24
  %26 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %20, i64 %25, 6
  %27 = icmp ne i1 %14, %15
  %28 = and i1 %13, %27
  %29 = select i1 %28, i64 1, i64 0
  %30 = sub i64 %8, %29
  %31 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %26, i64 %30, 7
  %32 = srem i64 %0, %1
  %33 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %31, i64 %32, 8
  %34 = urem i64 %0, %1
  %35 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %33, i64 %34, 9
  ret { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %35
}

define { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } @bitwise(i64 %0, i64 %1) {
bb0:
  %2 = call i64 @llvm.smax.i64(i64 %0, i64 %1)
  %3 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } undef, i64 %2, 0
  %4 = call i64 @llvm.umax.i64(i64 %0, i64 %1)
  %5 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %3, i64 %4, 1
  %6 = call i64 @llvm.smin.i64(i64 %0, i64 %1)
  %7 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %5, i64 %6, 2
  %8 = call i64 @llvm.umin.i64(i64 %0, i64 %1)
  %9 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %7, i64 %8, 3
  %10 = shl i64 %0, 3
  %11 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %9, i64 %10, 4
  %12 = ashr i64 %0, 3
  %13 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %11, i64 %12, 5
  %14 = lshr i64 %0, 3
  %15 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %13, i64 %14, 6
  %16 = and i64 %0, %1
  %17 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %15, i64 %16, 7
  %18 = or i64 %0, %1
  %19 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %17, i64 %18, 8
  %20 = xor i64 %0, %1
  %21 = insertvalue { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %19, i64 %20, 9
  ret { i64, i64, i64, i64, i64, i64, i64, i64, i64, i64 } %21
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smax.i64(i64, i64) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umax.i64(i64, i64) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smin.i64(i64, i64) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.umin.i64(i64, i64) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
