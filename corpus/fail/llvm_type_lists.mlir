// error: 7:32: call passes 1 operands but its type lists 2 inputs
// error: 8:40: call passes 1 operands but its type lists 0 inputs
// error: 9:38: `llvm.getelementptr` has 2 operands but its type lists 1 inputs
module {
  llvm.func @puts(!llvm.ptr) -> i32
  func.func @f(%p: !llvm.ptr, %i: i64) -> i32 {
    %r = llvm.call @puts(%p) : (!llvm.ptr, i32) -> i32
    %s = llvm.call %p(%p) : !llvm.ptr, () -> i32
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr) -> !llvm.ptr, i8
    return %r : i32
  }
}
