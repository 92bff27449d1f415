; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define { i32, i64 } @foo(i32 %0, i64 %1) {
bb0:
  %2 = insertvalue { i32, i64 } undef, i32 %0, 0
  %3 = insertvalue { i32, i64 } %2, i64 %1, 1
  ret { i32, i64 } %3
}

define i64 @bar() {
bb0:
  %0 = call { i32, i64 } @foo(i32 42, i64 17)
  %1 = extractvalue { i32, i64 } %0, 0
  %2 = sext i32 %1 to i64
  %3 = extractvalue { i32, i64 } %0, 1
  %4 = add i64 %2, %3
  ret i64 %4
}

define { i32, i32 } @swap(i32 %0, i32 %1) {
bb0:
  %2 = insertvalue { i32, i32 } undef, i32 %1, 0
  %3 = insertvalue { i32, i32 } %2, i32 %0, 1
  ret { i32, i32 } %3
}

define i32 @swap_diff(i32 %0, i32 %1) {
bb0:
  %2 = call { i32, i32 } @swap(i32 %0, i32 %1)
  %3 = extractvalue { i32, i32 } %2, 0
  %4 = extractvalue { i32, i32 } %2, 1
  %5 = sub i32 %3, %4
  ret i32 %5
}
