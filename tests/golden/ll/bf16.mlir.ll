; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_arith = constant [89 x i8] c"{\22name\22:\22arith\22,\22a\22:[\22i16\22,\22i16\22],\22r\22:[\22i16\22,\22i16\22,\22i16\22,\22i16\22,\22i16\22,\22i16\22,\22i16\22],\22v\22:1}\00"
@__kiln_abi_conversions = constant [101 x i8] c"{\22name\22:\22conversions\22,\22a\22:[\22i16\22,\22f64\22,\22i32\22],\22r\22:[\22f32\22,\22f64\22,\22i16\22,\22i16\22,\22i32\22,\22i16\22,\22f16\22],\22v\22:1}\00"
@__kiln_abi_compare = constant [65 x i8] c"{\22name\22:\22compare\22,\22a\22:[\22i16\22,\22i16\22],\22r\22:[\22i1\22,\22i1\22,\22i16\22],\22v\22:1}\00"
@__kiln_abi_dot = constant [67 x i8] c"{\22name\22:\22dot\22,\22a\22:[[\22ndarray\22,\22i16\22,1,3]],\22r\22:[\22i16\22,\22f32\22],\22v\22:1}\00"
@weights = private constant [3 x bfloat] [bfloat 0xR3F00, bfloat 0xR3FA6, bfloat 0xRC000]

define { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } @arith(bfloat %0, bfloat %1) {
bb0:
  %2 = fadd bfloat %0, %1
  %3 = insertvalue { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } undef, bfloat %2, 0
  %4 = fsub bfloat %0, %1
  %5 = insertvalue { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } %3, bfloat %4, 1
  %6 = fmul bfloat %0, %1
  %7 = insertvalue { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } %5, bfloat %6, 2
  %8 = fdiv bfloat %0, %1
  %9 = insertvalue { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } %7, bfloat %8, 3
  %10 = call bfloat @llvm.maximum.bf16(bfloat %0, bfloat %1)
  %11 = insertvalue { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } %9, bfloat %10, 4
  %12 = fneg bfloat %0
  %13 = insertvalue { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } %11, bfloat %12, 5
  %14 = call bfloat @llvm.minnum.bf16(bfloat %0, bfloat %1)
  %15 = insertvalue { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } %13, bfloat %14, 6
  ret { bfloat, bfloat, bfloat, bfloat, bfloat, bfloat, bfloat } %15
}

define { float, double, bfloat, bfloat, i32, bfloat, half } @conversions(bfloat %0, double %1, i32 %2) {
bb0:
  %3 = fpext bfloat %0 to float
  %4 = insertvalue { float, double, bfloat, bfloat, i32, bfloat, half } undef, float %3, 0
  %5 = fpext bfloat %0 to double
  %6 = insertvalue { float, double, bfloat, bfloat, i32, bfloat, half } %4, double %5, 1
  %7 = fptrunc double %1 to bfloat
  %8 = insertvalue { float, double, bfloat, bfloat, i32, bfloat, half } %6, bfloat %7, 2
  %9 = insertvalue { float, double, bfloat, bfloat, i32, bfloat, half } %8, bfloat 0xR4049, 3
  %10 = fptosi bfloat %0 to i32
  %11 = insertvalue { float, double, bfloat, bfloat, i32, bfloat, half } %9, i32 %10, 4
  %12 = sitofp i32 %2 to bfloat
  %13 = insertvalue { float, double, bfloat, bfloat, i32, bfloat, half } %11, bfloat %12, 5
  %14 = bitcast bfloat %0 to i16
  %15 = bitcast i16 %14 to half
  %16 = insertvalue { float, double, bfloat, bfloat, i32, bfloat, half } %13, half %15, 6
  ret { float, double, bfloat, bfloat, i32, bfloat, half } %16
}

define { i1, i1, bfloat } @compare(bfloat %0, bfloat %1) {
bb0:
  %2 = fcmp olt bfloat %0, %1
  %3 = insertvalue { i1, i1, bfloat } undef, i1 %2, 0
  %4 = fcmp oeq bfloat %0, %1
  %5 = insertvalue { i1, i1, bfloat } %3, i1 %4, 1
  %6 = select i1 %2, bfloat %0, bfloat %1
  %7 = insertvalue { i1, i1, bfloat } %5, bfloat %6, 2
  ret { i1, i1, bfloat } %7
}

define { bfloat, float } @dot(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %5 = phi i64 [ 0, %bb0 ], [ %14, %bb2 ]
  %6 = phi bfloat [ 0xR0000, %bb0 ], [ %15, %bb2 ]
  %7 = phi float [ 0.000000e+00, %bb0 ], [ %17, %bb2 ]
  %8 = icmp eq i64 %5, 3
  br i1 %8, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %9 = getelementptr bfloat, ptr %1, i64 %5
  %10 = load bfloat, ptr %9, align 2
  %11 = getelementptr bfloat, ptr @weights, i64 %5
  %12 = load bfloat, ptr %11, align 2
  %13 = fmul bfloat %10, %12
  store bfloat %13, ptr %9, align 2
  %14 = add i64 %5, 1
  %15 = fadd bfloat %6, %13
  %16 = fpext bfloat %13 to float
  %17 = fadd float %7, %16
  br label %bb1

bb3:                                              ; preds = %bb1
  %18 = insertvalue { bfloat, float } undef, bfloat %6, 0
  %19 = insertvalue { bfloat, float } %18, float %7, 1
  ret { bfloat, float } %19
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.maximum.bf16(bfloat, bfloat) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare bfloat @llvm.minnum.bf16(bfloat, bfloat) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
