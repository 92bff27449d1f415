; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_foo = constant [59 x i8] c"{\22name\22:\22foo\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[],\22v\22:1}\00"
@__kiln_abi_bar = constant [35 x i8] c"{\22name\22:\22bar\22,\22a\22:[],\22r\22:[],\22v\22:1}\00"

define void @foo(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  call void @use(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
  ret void
}

define void @bar() {
bb0:
  %0 = call { ptr, ptr, i64, [1 x i64], [1 x i64] } @get()
  %1 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 0
  %2 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 1
  %3 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 2
  %4 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 3
  %5 = extractvalue [1 x i64] %4, 0
  %6 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %0, 4
  %7 = extractvalue [1 x i64] %6, 0
  call void @foo(ptr %1, ptr %2, i64 %3, i64 %5, i64 %7)
  ret void
}

declare void @use(ptr, ptr, i64, i64, i64)

declare { ptr, ptr, i64, [1 x i64], [1 x i64] } @get()
