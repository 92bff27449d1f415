; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_integers = constant [56 x i8] c"{\22name\22:\22integers\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_floats = constant [54 x i8] c"{\22name\22:\22floats\22,\22a\22:[\22f32\22,\22f32\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_constants = constant [92 x i8] c"{\22name\22:\22constants\22,\22a\22:[],\22r\22:[\22i1\22,\22i8\22,\22i16\22,\22i64\22,\22i64\22,\22f16\22,\22f32\22,\22f64\22,\22f32\22],\22v\22:1}\00"
@__kiln_abi_compare_int = constant [58 x i8] c"{\22name\22:\22compare_int\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i1\22],\22v\22:1}\00"
@__kiln_abi_compare_float = constant [60 x i8] c"{\22name\22:\22compare_float\22,\22a\22:[\22f64\22,\22f64\22],\22r\22:[\22i1\22],\22v\22:1}\00"
@__kiln_abi_conversions = constant [65 x i8] c"{\22name\22:\22conversions\22,\22a\22:[\22i32\22,\22f32\22,\22i64\22],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_generic = constant [49 x i8] c"{\22name\22:\22generic\22,\22a\22:[\22i32\22],\22r\22:[\22i64\22],\22v\22:1}\00"

define i32 @integers(i32 %0, i32 %1) {
bb0:
  %2 = add i32 %0, %1
  %3 = sub nsw i32 %2, %1
  %4 = mul i32 %3, %0
  %5 = sdiv i32 %4, %1
  %6 = udiv i32 %5, %1
  %7 = sdiv i32 %6, %1
  %8 = mul i32 %7, %1
  %9 = icmp ne i32 %8, %6
  %10 = icmp slt i32 %6, 0
  %11 = icmp slt i32 %1, 0
  %12 = icmp eq i1 %10, %11
  %13 = and i1 %9, %12
  %14 = select i1 %13, i32 1, i32 0
  %15 = add i32 %7, %14
  %16 = icmp eq i32 %15, 0
  %17 = sub i32 %15, 1
  %18 = udiv i32 %17, %1
  %19 = add i32 %18, 1
  %20 = select i1 %16, i32 0, i32 %19
  %21 = sdiv i32 %20, %1
  %22 = mul i32 %21, %1
  %23 = icmp ne i32 %22, %20
  %24 = icmp slt i32 %20, 0
  %25 = icmp ne i1 %24, %11
  %26 = and i1 %23, %25
  %27 = select i1 %26, i32 1, i32 0
  %28 = sub i32 %21, %27
  %29 = srem i32 %28, %1
  %30 = urem i32 %29, %1
  %31 = and i32 %30, %0
  %32 = or i32 %31, %0
  %33 = xor i32 %32, %0
  %34 = shl i32 %33, %1
  %35 = ashr i32 %34, %1
  %36 = lshr i32 %35, %1
  %37 = call i32 @llvm.smax.i32(i32 %36, i32 %0)
  %38 = call i32 @llvm.umax.i32(i32 %37, i32 %0)
  %39 = call i32 @llvm.smin.i32(i32 %38, i32 %0)
  %40 = call i32 @llvm.umin.i32(i32 %39, i32 %0)
  ret i32 %40
}

define float @floats(float %0, float %1) {
bb0:
  %2 = fadd float %0, %1
  %3 = fsub fast float %2, %1
  %4 = fmul float %3, %0
  %5 = fdiv float %4, %1
  %6 = frem float %5, %1
  %7 = call float @llvm.maximum.f32(float %6, float %0)
  %8 = call float @llvm.minimum.f32(float %7, float %0)
  %9 = call float @llvm.maxnum.f32(float %8, float %0)
  %10 = call float @llvm.minnum.f32(float %9, float %0)
  %11 = fneg float %10
  ret float %11
}

define { i1, i8, i16, i64, i64, half, float, double, float } @constants() {
bb0:
  ret { i1, i8, i16, i64, i64, half, float, double, float } { i1 true, i8 -128, i16 -1, i64 9223372036854775807, i64 -1, half 0xH3E00, float 0x7FF0000000000000, double -2.500000e-03, float 0x3FB99999A0000000 }
}

define i1 @compare_int(i64 %0, i64 %1) {
bb0:
  %2 = icmp eq i64 %0, %1
  %3 = icmp ne i64 %0, %1
  %4 = xor i1 %2, %3
  %5 = icmp slt i64 %0, %1
  %6 = xor i1 %4, %5
  %7 = icmp sle i64 %0, %1
  %8 = xor i1 %6, %7
  %9 = icmp sgt i64 %0, %1
  %10 = xor i1 %8, %9
  %11 = icmp sge i64 %0, %1
  %12 = xor i1 %10, %11
  %13 = icmp ult i64 %0, %1
  %14 = xor i1 %12, %13
  %15 = icmp ule i64 %0, %1
  %16 = xor i1 %14, %15
  %17 = icmp ugt i64 %0, %1
  %18 = xor i1 %16, %17
  %19 = icmp uge i64 %0, %1
  %20 = xor i1 %18, %19
  ret i1 %20
}

define i1 @compare_float(double %0, double %1) {
bb0:
  %2 = fcmp ord double %0, %1
  %3 = fcmp oeq double %0, %1
  %4 = fcmp true double %0, %1
  %5 = select i1 %2, i1 %3, i1 %4
  ret i1 %5
}

define double @conversions(i32 %0, float %1, i64 %2) {
bb0:
  %3 = fptosi float %1 to i32
  %4 = sext i32 %3 to i64
  %5 = trunc i64 %4 to i32
  %6 = bitcast i32 %5 to float
  %7 = fpext float %6 to double
  %8 = zext i32 %0 to i64
  %9 = uitofp i64 %8 to double
  %10 = fadd double %7, %9
  ret double %10
}

define i64 @generic(i32 %0) {
bb0:
  %1 = call i64 @widen(i32 %0)
  call void @use(i64 %1)
  ret i64 %1
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umax.i32(i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umin.i32(i32, i32) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maximum.f32(float, float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.minimum.f32(float, float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.minnum.f32(float, float) #0

declare i64 @widen(i32)

declare void @use(i64)

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
