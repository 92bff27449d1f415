; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_assume_then_load = constant [83 x i8] c"{\22name\22:\22assume_then_load\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}\00"
@__kiln_abi_misalignment = constant [70 x i8] c"{\22name\22:\22misalignment\22,\22a\22:[[\22ndarray\22,\22f32\22,1,8]],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_generic = constant [65 x i8] c"{\22name\22:\22generic\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22i64\22],\22v\22:1}\00"

define float @assume_then_load(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5) {
bb0:
  %6 = getelementptr float, ptr %1, i64 %2
  %7 = ptrtoint ptr %6 to i64
  %8 = and i64 %7, 3
  %9 = icmp eq i64 %8, 0
  call void @llvm.assume(i1 %9)
  %10 = getelementptr float, ptr %6, i64 %5
  %11 = load float, ptr %10, align 4
  ret float %11
}

define i64 @misalignment(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = ptrtoint ptr %1 to i64
  %6 = and i64 %5, 3
  %7 = icmp eq i64 %6, 0
  call void @llvm.assume(i1 %7)
  %8 = urem i64 %5, 4
  ret i64 %8
}

define i64 @generic(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4) {
bb0:
  %5 = ptrtoint ptr %1 to i64
  %6 = and i64 %5, 3
  %7 = icmp eq i64 %6, 0
  call void @llvm.assume(i1 %7)
  %8 = urem i64 %5, 2
  ret i64 %8
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #0

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
