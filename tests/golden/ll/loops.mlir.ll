; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_factorial = constant [51 x i8] c"{\22name\22:\22factorial\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_gcd = constant [51 x i8] c"{\22name\22:\22gcd\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_sum_below = constant [57 x i8] c"{\22name\22:\22sum_below\22,\22a\22:[\22i64\22],\22r\22:[\22i32\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_grade = constant [53 x i8] c"{\22name\22:\22grade\22,\22a\22:[\22i32\22,\22f64\22],\22r\22:[\22f64\22],\22v\22:1}\00"
@__kiln_abi_gcd_and_lcm = constant [65 x i8] c"{\22name\22:\22gcd_and_lcm\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}\00"

define i64 @factorial(i64 %0) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %1 = phi i64 [ 1, %bb0 ], [ %4, %bb2 ]
  %2 = phi i64 [ 1, %bb0 ], [ %5, %bb2 ]
  %3 = icmp sgt i64 %1, %0
  br i1 %3, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %4 = add i64 %1, 1
  %5 = mul i64 %2, %1
  br label %bb1

bb3:                                              ; preds = %bb1
  ret i64 %2
}

define i32 @gcd(i32 %0, i32 %1) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %2 = phi i32 [ %0, %bb0 ], [ %3, %bb2 ]
  %3 = phi i32 [ %1, %bb0 ], [ %5, %bb2 ]
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %bb3, label %bb2

bb2:                                              ; preds = %bb1
  %5 = srem i32 %2, %3
  br label %bb1

bb3:                                              ; preds = %bb1
  %6 = phi i32 [ %2, %bb1 ]
  ret i32 %6
}

define { i32, i64 } @sum_below(i64 %0) {
bb0:
  br label %bb1

bb1:                                              ; preds = %bb2, %bb0
  %1 = phi i64 [ 0, %bb0 ], [ %4, %bb2 ]
  %2 = phi i64 [ 0, %bb0 ], [ %5, %bb2 ]
  %3 = icmp ult i64 %1, %0
  br i1 %3, label %bb2, label %bb3

bb2:                                              ; preds = %bb1
  %4 = add i64 %1, 1
  %5 = add i64 %2, %1
  br label %bb1

bb3:                                              ; preds = %bb1
  %6 = trunc i64 %2 to i32
  %7 = insertvalue { i32, i64 } undef, i32 %6, 0
  %8 = insertvalue { i32, i64 } %7, i64 %1, 1
  ret { i32, i64 } %8
}

define double @grade(i32 %0, double %1) {
bb0:
  switch i32 %0, label %bb3 [
    i32 1, label %bb1
    i32 2, label %bb2
  ]

bb1:                                              ; preds = %bb0
  %2 = fadd double %1, %1
  ret double %2

bb2:                                              ; preds = %bb0
  %3 = fmul double %1, %1
  ret double %3

bb3:                                              ; preds = %bb0
  %4 = fneg double %1
  ret double %4
}

define { i32, i32 } @gcd_and_lcm(i32 %0, i32 %1) {
bb0:
  %2 = call i32 @gcd(i32 %0, i32 %1)
  %3 = insertvalue { i32, i32 } undef, i32 %2, 0
  %4 = mul i32 %0, %1
  %5 = sdiv i32 %4, %2
  %6 = insertvalue { i32, i32 } %3, i32 %5, 1
  ret { i32, i32 } %6
}
