; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_foo = constant [57 x i8] c"{\22name\22:\22foo\22,\22a\22:[\22i32\22,\22i64\22],\22r\22:[\22i32\22,\22i64\22],\22v\22:1}\00"
@__kiln_abi_bar = constant [35 x i8] c"{\22name\22:\22bar\22,\22a\22:[],\22r\22:[],\22v\22:1}\00"

define { i32, i64 } @foo(i32 %0, i64 %1) {
bb0:
  %2 = insertvalue { i32, i64 } undef, i32 %0, 0
  %3 = insertvalue { i32, i64 } %2, i64 %1, 1
  ret { i32, i64 } %3
}

define void @bar() {
bb0:
  %0 = call { i32, i64 } @foo(i32 42, i64 17)
  %1 = extractvalue { i32, i64 } %0, 0
  call void @use_i32(i32 %1)
  %2 = extractvalue { i32, i64 } %0, 1
  call void @use_i64(i64 %2)
  ret void
}

declare void @use_i32(i32)

declare void @use_i64(i64)
