; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_add_f32 = constant [77 x i8] c"{\22name\22:\22add_f32\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4],\22i64\22,\22f32\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_ints = constant [106 x i8] c"{\22name\22:\22ints\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,3],\22i64\22,\22i64\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22,\22i32\22,\22i32\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_bounds = constant [91 x i8] c"{\22name\22:\22bounds\22,\22a\22:[[\22ndarray\22,\22i64\22,1,null],\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_float_max = constant [79 x i8] c"{\22name\22:\22float_max\22,\22a\22:[[\22ndarray\22,\22f64\22,1,2],\22f64\22],\22r\22:[\22f64\22,\22f64\22],\22v\22:1}\00"

define float @add_f32(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, float %6) {
bb0:
  %7 = getelementptr float, ptr %1, i64 %5
  %8 = atomicrmw fadd ptr %7, float %6 acq_rel, align 4
  ret float %8
}

define { i32, i32, i32, i32, i32 } @ints(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8, i32 %9) {
bb0:
  %10 = mul i64 %7, 3
  %11 = add i64 %10, %8
  %12 = getelementptr i32, ptr %1, i64 %11
  %13 = atomicrmw add ptr %12, i32 %9 acq_rel, align 4
  %14 = atomicrmw max ptr %12, i32 %9 acq_rel, align 4
  %15 = atomicrmw umin ptr %12, i32 %9 acq_rel, align 4
  %16 = atomicrmw or ptr %12, i32 %9 acq_rel, align 4
  %17 = atomicrmw xchg ptr %12, i32 %9 acq_rel, align 4
  %18 = insertvalue { i32, i32, i32, i32, i32 } undef, i32 %13, 0
  %19 = insertvalue { i32, i32, i32, i32, i32 } %18, i32 %14, 1
  %20 = insertvalue { i32, i32, i32, i32, i32 } %19, i32 %15, 2
  %21 = insertvalue { i32, i32, i32, i32, i32 } %20, i32 %16, 3
  %22 = insertvalue { i32, i32, i32, i32, i32 } %21, i32 %17, 4
  ret { i32, i32, i32, i32, i32 } %22
}

define { i64, i64, i64 } @bounds(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6) {
bb0:
  %7 = getelementptr i64, ptr %1, i64 %5
  %8 = atomicrmw min ptr %7, i64 %6 acq_rel, align 8
  %9 = atomicrmw umax ptr %7, i64 %6 acq_rel, align 8
  %10 = atomicrmw and ptr %7, i64 %6 acq_rel, align 8
  %11 = insertvalue { i64, i64, i64 } undef, i64 %8, 0
  %12 = insertvalue { i64, i64, i64 } %11, i64 %9, 1
  %13 = insertvalue { i64, i64, i64 } %12, i64 %10, 2
  ret { i64, i64, i64 } %13
}

define { double, double } @float_max(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, double %5) {
bb0:
  %6 = atomicrmw fmax ptr %1, double %5 acq_rel, align 8
  %7 = getelementptr double, ptr %1, i64 1
  %8 = atomicrmw fmin ptr %7, double %5 acq_rel, align 8
  %9 = insertvalue { double, double } undef, double %6, 0
  %10 = insertvalue { double, double } %9, double %8, 1
  ret { double, double } %10
}
