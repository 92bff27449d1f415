; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_arith = constant [77 x i8] c"{\22name\22:\22arith\22,\22a\22:[\22f16\22,\22f16\22],\22r\22:[\22f16\22,\22f16\22,\22f16\22,\22f16\22,\22f16\22],\22v\22:1}\00"
@__kiln_abi_conversions = constant [83 x i8] c"{\22name\22:\22conversions\22,\22a\22:[\22f16\22,\22i32\22],\22r\22:[\22f32\22,\22f64\22,\22f16\22,\22i32\22,\22f16\22],\22v\22:1}\00"
@__kiln_abi_compare = constant [59 x i8] c"{\22name\22:\22compare\22,\22a\22:[\22f16\22,\22f16\22],\22r\22:[\22i1\22,\22i1\22],\22v\22:1}\00"
@__kiln_abi_sum = constant [64 x i8] c"{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f16\22,1,null]],\22r\22:[\22f16\22],\22v\22:1}\00"

define { half, half, half, half, half } @arith(half %0, half %1) {
bb0:
  %2 = fadd half %0, %1
  %3 = insertvalue { half, half, half, half, half } undef, half %2, 0
  %4 = fsub half %0, %1
  %5 = insertvalue { half, half, half, half, half } %3, half %4, 1
  %6 = fmul half %0, %1
  %7 = insertvalue { half, half, half, half, half } %5, half %6, 2
  %8 = fdiv half %0, %1
  %9 = insertvalue { half, half, half, half, half } %7, half %8, 3
  %10 = call half @llvm.maximum.f16(half %0, half %1)
  %11 = insertvalue { half, half, half, half, half } %9, half %10, 4
  ret { half, half, half, half, half } %11
}

define { float, double, half, i32, half } @conversions(half %0, i32 %1) {
bb0:
  %2 = fpext half %0 to float
  %3 = insertvalue { float, double, half, i32, half } undef, float %2, 0
  %4 = fpext half %0 to double
  %5 = insertvalue { float, double, half, i32, half } %3, double %4, 1
  %6 = insertvalue { float, double, half, i32, half } %5, half 0xH4248, 2
  %7 = fptosi half %0 to i32
  %8 = insertvalue { float, double, half, i32, half } %6, i32 %7, 3
  %9 = sitofp i32 %1 to half
  %10 = insertvalue { float, double, half, i32, half } %8, half %9, 4
  ret { float, double, half, i32, half } %10
}

define { i1, i1 } @compare(half %0, half %1) {
bb0:
  %2 = fcmp olt half %0, %1
  %3 = insertvalue { i1, i1 } undef, i1 %2, 0
  %4 = fcmp uno half %0, %1
  %5 = insertvalue { i1, i1 } %3, i1 %4, 1
  ret { i1, i1 } %5
}

define half @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %5 = phi i64 [ 0, %bb0 ], [ %11, %bb2 ]
  %6 = phi half [ 0xH0000, %bb0 ], [ %12, %bb2 ]
  %7 = icmp eq i64 %5, %3
  br i1 %7, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %8 = getelementptr half, ptr %1, i64 %5
  %9 = load half, ptr %8, align 2
  %10 = fadd half %9, %9
  store half %10, ptr %8, align 2
  %11 = add i64 %5, 1
  %12 = fadd half %6, %9
  br label %bb1

bb3:                                              ; preds = %bb1
  ret half %6
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare half @llvm.maximum.f16(half, half) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
