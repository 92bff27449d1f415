; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_foo = constant [57 x i8] c"{\22name\22:\22foo\22,\22a\22:[[\22ndarray\22,\22f32\22,null]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_bar = constant [35 x i8] c"{\22name\22:\22bar\22,\22a\22:[],\22r\22:[],\22v\22:1}\00"

define void @foo(i64 %0, ptr %1) {
bb0:
  call void @use(i64 %0, ptr %1)
  ret void
}

define void @bar() {
bb0:
  %0 = call { i64, ptr } @get()
  %1 = extractvalue { i64, ptr } %0, 0
  %2 = mul i64 %1, 16
  %3 = add i64 %2, 24
  %4 = alloca i8, i64 %3, align 1
  %5 = extractvalue { i64, ptr } %0, 1
  call void @memcpy(ptr %4, ptr %5, i64 %3)
  call void @free(ptr %5)
  %6 = insertvalue { i64, ptr } undef, i64 %1, 0
  %7 = insertvalue { i64, ptr } %6, ptr %4, 1
  call void @foo(i64 %1, ptr %4)
  ret void
}

declare void @use(i64, ptr)

declare { i64, ptr } @get()

declare void @memcpy(ptr, ptr, i64)

declare void @free(ptr)
