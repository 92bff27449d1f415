; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_lookup = constant [54 x i8] c"{\22name\22:\22lookup\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_splat_sum = constant [46 x i8] c"{\22name\22:\22splat_sum\22,\22a\22:[],\22r\22:[\22i16\22],\22v\22:1}\00"
@__kiln_abi_bump = constant [46 x i8] c"{\22name\22:\22bump\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_twice = constant [42 x i8] c"{\22name\22:\22twice\22,\22a\22:[],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_scratch_roundtrip = constant [59 x i8] c"{\22name\22:\22scratch_roundtrip\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_flag = constant [45 x i8] c"{\22name\22:\22flag\22,\22a\22:[\22i64\22],\22r\22:[\22i1\22],\22v\22:1}\00"
@__kiln_abi_hex = constant [45 x i8] c"{\22name\22:\22hex\22,\22a\22:[\22i64\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_row_sum = constant [73 x i8] c"{\22name\22:\22row_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,3],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_table_row = constant [51 x i8] c"{\22name\22:\22table_row\22,\22a\22:[\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@table = private constant [2 x [3 x float]] [[3 x float] [float 1.500000e+00, float 2.000000e+00, float -3.250000e+00], [3 x float] [float 4.000000e+00, float 5.500000e+00, float 6.000000e+00]], align 64
@splat = private constant [4 x i16] [i16 -7, i16 -7, i16 -7, i16 -7]
@counter = global i64 0
@scratch = private global [3 x i64] undef
@flags = private constant [3 x i1] [i1 true, i1 false, i1 true]
@bytes = private constant [2 x i32] [i32 1, i32 2]

define float @lookup(i64 %0, i64 %1) {
bb0:
  %2 = mul i64 %0, 3
  %3 = add i64 %2, %1
  %4 = getelementptr float, ptr @table, i64 %3
  %5 = load float, ptr %4, align 4
  ret float %5
}

define i16 @splat_sum() {
bb0:
  %0 = load i16, ptr @splat, align 2
  %1 = load i16, ptr getelementptr (i16, ptr @splat, i64 3), align 2
  %2 = add i16 %0, %1
  ret i16 %2
}

define i64 @bump(i64 %0) {
bb0:
  %1 = load i64, ptr @counter, align 8
  %2 = add i64 %1, %0
  store i64 %2, ptr @counter, align 8
  ret i64 %2
}

define i64 @twice() {
bb0:
  %0 = call i64 @bump(i64 1)
  %1 = call i64 @bump(i64 1)
  %2 = add i64 %0, %1
  ret i64 %2
}

define i64 @scratch_roundtrip(i64 %0) {
bb0:
  store i64 %0, ptr getelementptr (i64, ptr @scratch, i64 2), align 8
  %1 = load i64, ptr getelementptr (i64, ptr @scratch, i64 2), align 8
  ret i64 %1
}

define i1 @flag(i64 %0) {
bb0:
  %1 = getelementptr i1, ptr @flags, i64 %0
  %2 = load i1, ptr %1, align 1
  ret i1 %2
}

define i32 @hex(i64 %0) {
bb0:
  %1 = getelementptr i32, ptr @bytes, i64 %0
  %2 = load i32, ptr %1, align 4
  ret i32 %2
}

define float @row_sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7) {
bb0:
  %8 = mul i64 %7, 3
  %9 = getelementptr float, ptr %1, i64 %8
  %10 = load float, ptr %9, align 4
  %11 = add i64 %8, 1
  %12 = getelementptr float, ptr %1, i64 %11
  %13 = load float, ptr %12, align 4
  %14 = add i64 %8, 2
  %15 = getelementptr float, ptr %1, i64 %14
  %16 = load float, ptr %15, align 4
  %17 = fadd float %10, %13
  %18 = fadd float %17, %16
  ret float %18
}

define float @table_row(i64 %0) {
bb0:
  %1 = call float @row_sum(ptr inttoptr (i64 3735928559 to ptr), ptr @table, i64 0, i64 2, i64 3, i64 3, i64 1, i64 %0)
  ret float %1
}
