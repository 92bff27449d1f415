; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_collatz = constant [49 x i8] c"{\22name\22:\22collatz\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_mix = constant [51 x i8] c"{\22name\22:\22mix\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_poly = constant [46 x i8] c"{\22name\22:\22poly\22,\22a\22:[\22f64\22],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_bits = constant [46 x i8] c"{\22name\22:\22bits\22,\22a\22:[\22f32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_main = constant [41 x i8] c"{\22name\22:\22main\22,\22a\22:[],\22r\22:[\22i32\22],\22v\22:1}\00"

define internal i32 @collatz(i32 %0) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb4, %bb3, %bb0
  %1 = phi i32 [ %0, %bb0 ], [ %5, %bb3 ], [ %8, %bb4 ]
  %2 = phi i32 [ 0, %bb0 ], [ %6, %bb3 ], [ %9, %bb4 ]
  %3 = icmp eq i32 %1, 1
  br i1 %3, label %bb5, label %bb2

bb2:                                              ; preds = %bb1
  %4 = and i32 %1, 1
  switch i32 %4, label %bb4 [
    i32 0, label %bb3
  ]

bb3:                                              ; preds = %bb2
  %5 = lshr i32 %1, 1
  %6 = add nsw i32 %2, 1
  br label %bb1

bb4:                                              ; preds = %bb2
  %7 = mul i32 %1, 3
  %8 = add i32 %7, 1
  %9 = add nsw i32 %2, 1
  br label %bb1

bb5:                                              ; preds = %bb1
  %10 = phi i32 [ %2, %bb1 ]
  ret i32 %10
}

define i64 @mix(i32 %0, i32 %1) {
bb0:
  %2 = icmp ult i32 %0, %1
  %3 = sdiv i32 %0, %1
  %4 = srem i32 %0, %1
  %5 = xor i32 %3, %4
  %6 = udiv i32 %0, %1
  %7 = or i32 %5, %6
  %8 = shl i32 %7, %1
  %9 = ashr i32 %0, %1
  %10 = sub i32 %8, %9
  %11 = trunc i32 %10 to i8
  %12 = zext i8 %11 to i64
  %13 = urem i32 %0, %1
  %14 = sext i32 %13 to i64
  %15 = select i1 %2, i64 %12, i64 %14
  %16 = add i64 %15, %12
  ret i64 %16
}

define double @poly(double %0) {
bb0:
  %1 = fmul double %0, 1.500000e+00
  %2 = fadd contract double %1, %0
  %3 = fdiv double %2, 1.500000e+00
  %4 = fsub double %3, 1.500000e+00
  %5 = frem double %4, 1.500000e+00
  %6 = fneg double %5
  %7 = fptrunc double %6 to float
  %8 = fpext float %7 to double
  %9 = fcmp olt double %8, %0
  %10 = fcmp true double %8, %0
  %11 = and i1 %9, %10
  %12 = select i1 %11, double %8, double %0
  ret double %12
}

define i32 @bits(float %0) {
bb0:
  %1 = bitcast float %0 to i32
  %2 = lshr i32 %1, 20
  %3 = fptosi float %0 to i32
  %4 = sitofp i32 %3 to double
  %5 = fptoui float %0 to i32
  %6 = uitofp i32 %5 to double
  %7 = fadd double %4, %6
  %8 = fptosi double %7 to i32
  %9 = add i32 %2, %8
  ret i32 %9
}

define i32 @main() {
bb0:
  %0 = call i32 @collatz(i32 27)
  %1 = call i64 @mix(i32 -17, i32 3)
  %2 = call double @poly(double 2.250000e+00)
  %3 = call i32 @bits(float 6.750000e+00)
  %4 = trunc i64 %1 to i32
  %5 = add i32 %0, %4
  %6 = fptosi double %2 to i32
  %7 = add i32 %5, %6
  %8 = add i32 %7, %3
  ret i32 %8
}
