; ModuleID = 'kiln'
source_filename = "kiln"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__kiln_abi_answer = constant [43 x i8] c"{\22name\22:\22answer\22,\22a\22:[],\22r\22:[\22i32\22],\22v\22:1}\00"

define i32 @answer() {
bb0:
  ret i32 42
}
