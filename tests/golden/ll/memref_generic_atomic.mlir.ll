; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_clamped_add = constant [87 x i8] c"{\22name\22:\22clamped_add\22,\22a\22:[[\22ndarray\22,\22i32\22,1,8],\22i64\22,\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}\00"
@__kiln_abi_strided = constant [79 x i8] c"{\22name\22:\22strided\22,\22a\22:[[\22ndarray\22,\22i64\22,2,4,4],\22i64\22,\22i64\22],\22r\22:[\22i64\22],\22v\22:1}\00"
@__kiln_abi_flipped = constant [80 x i8] c"{\22name\22:\22flipped\22,\22a\22:[[\22ndarray\22,\22i16\22,1,null],\22i64\22,\22i16\22],\22r\22:[\22i16\22],\22v\22:1}\00"

define i32 @clamped_add(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i32 %6, i32 %7) {
bb0:
  %8 = getelementptr i32, ptr %1, i64 %5
  %atomic.init = load i32, ptr %8, align 4
  br label %atomic.loop

atomic.loop:                                      ; preds = %atomic.loop, %bb0
  %atomic.current = phi i32 [ %atomic.init, %bb0 ], [ %atomic.seen, %atomic.loop ]
  %9 = add i32 %atomic.current, %6
  %10 = call i32 @llvm.smin.i32(i32 %9, i32 %7)
  %11 = cmpxchg ptr %8, i32 %atomic.current, i32 %10 acq_rel monotonic, align 4
  %atomic.seen = extractvalue { i32, i1 } %11, 0
  %atomic.stored = extractvalue { i32, i1 } %11, 1
  br i1 %atomic.stored, label %atomic.done, label %atomic.loop

atomic.done:                                      ; preds = %atomic.loop
  ret i32 %atomic.seen
}

define i64 @strided(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7, i64 %8) {
bb0:
  %9 = getelementptr i64, ptr %1, i64 %2
  %10 = mul i64 %7, 8
  %11 = mul i64 %8, 2
  %12 = add i64 %10, %11
  %13 = getelementptr i64, ptr %9, i64 %12
  %atomic.init = load i64, ptr %13, align 8
  br label %atomic.loop

atomic.loop:                                      ; preds = %atomic.loop, %bb0
  %atomic.current = phi i64 [ %atomic.init, %bb0 ], [ %atomic.seen, %atomic.loop ]
  %14 = mul i64 %atomic.current, 3
  %15 = add i64 %14, 1
  %16 = cmpxchg ptr %13, i64 %atomic.current, i64 %15 acq_rel monotonic, align 8
  %atomic.seen = extractvalue { i64, i1 } %16, 0
  %atomic.stored = extractvalue { i64, i1 } %16, 1
  br i1 %atomic.stored, label %atomic.done, label %atomic.loop

atomic.done:                                      ; preds = %atomic.loop
  ret i64 %atomic.seen
}

define i16 @flipped(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i16 %6) {
bb0:
  %7 = getelementptr i16, ptr %1, i64 %5
  %atomic.init = load i16, ptr %7, align 2
  br label %atomic.loop

atomic.loop:                                      ; preds = %atomic.loop, %bb0
  %atomic.current = phi i16 [ %atomic.init, %bb0 ], [ %atomic.seen, %atomic.loop ]
  %8 = xor i16 %atomic.current, %6
  %9 = cmpxchg ptr %7, i16 %atomic.current, i16 %8 acq_rel monotonic, align 2
  %atomic.seen = extractvalue { i16, i1 } %9, 0
  %atomic.stored = extractvalue { i16, i1 } %9, 1
  br i1 %atomic.stored, label %atomic.done, label %atomic.loop

atomic.done:                                      ; preds = %atomic.loop
  ret i16 %atomic.seen
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #0

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
