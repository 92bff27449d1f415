; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_twice = constant [47 x i8] c"{\22name\22:\22twice\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_hook = constant [46 x i8] c"{\22name\22:\22hook\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_main = constant [46 x i8] c"{\22name\22:\22main\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"

define linkonce_odr i32 @square(i32 %0) {
bb0:
  %1 = mul i32 %0, %0
  ret i32 %1
}

define internal i32 @twice(i32 %0) {
bb0:
  %1 = add i32 %0, %0
  ret i32 %1
}

define weak i32 @hook(i32 %0) {
bb0:
  ret i32 %0
}

define i32 @main(i32 %0) {
bb0:
  %1 = call i32 @square(i32 %0)
  %2 = call i32 @twice(i32 %1)
  %3 = call i32 @hook(i32 %2)
  ret i32 %3
}
