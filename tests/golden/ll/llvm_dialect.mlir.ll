; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_report = constant [70 x i8] c"{\22name\22:\22report\22,\22a\22:[\22i32\22,[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_bump = constant [46 x i8] c"{\22name\22:\22bump\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_table = constant [53 x i8] c"{\22name\22:\22table\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_apply = constant [57 x i8] c"{\22name\22:\22apply\22,\22a\22:[\22unknown\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_through = constant [49 x i8] c"{\22name\22:\22through\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@fmt = internal constant [21 x i8] c"n = %d, x[%ld] = %g\0A\00"
@hello = private constant [15 x i8] c"hello, \22kiln\22\0A\00"
@counter = internal global i64 40, align 8
@tbl = private constant [2 x [3 x i32]] [[3 x i32] [i32 1, i32 2, i32 3], [3 x i32] [i32 4, i32 5, i32 6]], align 16
@halves = internal constant [4 x float] [float 1.500000e+00, float 1.500000e+00, float 1.500000e+00, float 1.500000e+00]

define float @report(i32 %0, ptr %1, ptr %2, i64 %3, i64 %4, i64 %5) {
bb0:
  %6 = call i32 (ptr, ...) @printf(ptr @hello)
  %7 = ptrtoint ptr %2 to i64
  %8 = inttoptr i64 %7 to ptr
  %9 = getelementptr float, ptr %8, i64 2
  %10 = load float, ptr %9, align 4
  %11 = fpext float %10 to double
  %12 = call i32 (ptr, ...) @printf(ptr @fmt, i32 %0, i64 2, double %11)
  %13 = call i32 @putchar(i32 10)
  %14 = fadd float %10, %10
  ret float %14
}

define i64 @bump(i64 %0) {
bb0:
  %1 = load i64, ptr @counter, align 8
  %2 = add i64 %1, %0
  store i64 %2, ptr @counter, align 8
  %3 = load i64, ptr @counter, align 8
  %4 = add i64 %3, %0
  store i64 %4, ptr @counter, align 8
  %5 = add i64 %4, 0
  ret i64 %5
}

define i32 @table(i64 %0, i64 %1) {
bb0:
  %2 = getelementptr [2 x [3 x i32]], ptr @tbl, i64 0, i64 %0, i64 %1
  %3 = load i32, ptr %2, align 4
  %4 = load float, ptr getelementptr (float, ptr @halves, i32 3), align 4
  %5 = fptosi float %4 to i32
  %6 = add i32 %3, %5
  ret i32 %6
}

define i32 @apply(ptr %0, i32 %1) {
bb0:
  %2 = call i32 %0(i32 %1)
  ret i32 %2
}

define i32 @through(i32 %0) {
bb0:
  %1 = call i32 @apply(ptr @abs, i32 %0)
  ret i32 %1
}

declare i32 @printf(ptr, ...)

declare i32 @putchar(i32)

declare i32 @abs(i32)
