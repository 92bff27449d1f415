llvm.func @f(%p: !llvm.ptr, %x: i32) {
  %r = llvm.cmpxchg %p, %x, %x seq_cst seq_cst : !llvm.ptr, i32
  llvm.return
}
