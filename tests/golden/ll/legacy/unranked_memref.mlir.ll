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
  %1 = call ptr @llvm.stacksave.p0()
  %2 = extractvalue { i64, ptr } %0, 0
  %3 = mul i64 %2, 16
  %4 = add i64 %3, 24
  %5 = alloca i8, i64 %4, align 1
  %6 = extractvalue { i64, ptr } %0, 1
  call void @memcpy(ptr %5, ptr %6, i64 %4)
  call void @free(ptr %6)
  %7 = insertvalue { i64, ptr } undef, i64 %2, 0
  %8 = insertvalue { i64, ptr } %7, ptr %5, 1
  call void @foo(i64 %2, ptr %5)
  call void @llvm.stackrestore.p0(ptr %1)
  ret void
}

declare void @use(i64, ptr)

declare { i64, ptr } @get()

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #0

declare void @memcpy(ptr, ptr, i64)

declare void @free(ptr)

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn }
