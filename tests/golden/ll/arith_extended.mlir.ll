; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_add8 = constant [54 x i8] c"{\22name\22:\22add8\22,\22a\22:[\22i8\22,\22i8\22],\22r\22:[\22i8\22,\22i1\22],\22v\22:1}\00"
@__kiln_abi_mul32 = constant [71 x i8] c"{\22name\22:\22mul32\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22,\22i32\22,\22i32\22],\22v\22:1}\00"
@__kiln_abi_mul64 = constant [71 x i8] c"{\22name\22:\22mul64\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_add128 = constant [72 x i8] c"{\22name\22:\22add128\22,\22a\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22],\22v\22:1}\00"

define { i8, i1 } @add8(i8 %0, i8 %1) {
bb0:
  %2 = add i8 %0, %1
  %3 = insertvalue { i8, i1 } undef, i8 %2, 0
  %4 = icmp ult i8 %2, %0
  %5 = insertvalue { i8, i1 } %3, i1 %4, 1
  ret { i8, i1 } %5
}

define { i32, i32, i32, i32 } @mul32(i32 %0, i32 %1) {
bb0:
  %2 = mul i32 %0, %1
  %3 = insertvalue { i32, i32, i32, i32 } undef, i32 %2, 0
  %4 = sext i32 %0 to i64
  %5 = sext i32 %1 to i64
  %6 = mul i64 %4, %5
  %7 = lshr i64 %6, 32
  %8 = trunc i64 %7 to i32
  %9 = insertvalue { i32, i32, i32, i32 } %3, i32 %8, 1
  %10 = insertvalue { i32, i32, i32, i32 } %9, i32 %2, 2
  %11 = zext i32 %0 to i64
  %12 = zext i32 %1 to i64
  %13 = mul i64 %11, %12
  %14 = lshr i64 %13, 32
  %15 = trunc i64 %14 to i32
  %16 = insertvalue { i32, i32, i32, i32 } %10, i32 %15, 3
  ret { i32, i32, i32, i32 } %16
}

define { i64, i64, i64, i64 } @mul64(i64 %0, i64 %1) {
bb0:
  %2 = mul i64 %0, %1
  %3 = insertvalue { i64, i64, i64, i64 } undef, i64 %2, 0
  %4 = sext i64 %0 to i128
  %5 = sext i64 %1 to i128
  %6 = mul i128 %4, %5
  %7 = lshr i128 %6, 64
  %8 = trunc i128 %7 to i64
  %9 = insertvalue { i64, i64, i64, i64 } %3, i64 %8, 1
  %10 = insertvalue { i64, i64, i64, i64 } %9, i64 %2, 2
  %11 = zext i64 %0 to i128
  %12 = zext i64 %1 to i128
  %13 = mul i128 %11, %12
  %14 = lshr i128 %13, 64
  %15 = trunc i128 %14 to i64
  %16 = insertvalue { i64, i64, i64, i64 } %10, i64 %15, 3
  ret { i64, i64, i64, i64 } %16
}

define { i64, i64 } @add128(i64 %0, i64 %1, i64 %2, i64 %3) {
bb0:
  %4 = add i64 %0, %2
  %5 = insertvalue { i64, i64 } undef, i64 %4, 0
  %6 = add i64 %1, %3
  %7 = icmp ult i64 %4, %0
  %8 = zext i1 %7 to i64
  %9 = add i64 %6, %8
  %10 = insertvalue { i64, i64 } %5, i64 %9, 1
  ret { i64, i64 } %10
}
