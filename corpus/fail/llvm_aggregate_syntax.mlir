// error: 13:29: position [2] is not inside `!llvm.struct<(i64, ptr)>`
// error: 14:34: `llvm.extractvalue` reads a struct or an array, not `i64`
// error: 15:34: kiln's `llvm.atomicrmw` is `acq_rel` (as MLIR's memref lowering writes it), not `seq_cst`
// error: 16:23: `mul` is not an operation of `llvm.atomicrmw` (one of xchg, add, sub, _and, nand, _or, _xor, max, min, umax, umin, fadd, fsub, fmax, fmin, uinc_wrap, udec_wrap)
// error: 17:3: generic `llvm.intr.memcpy` needs the property `isVolatile = false` or `true`
// error: 18:23: unexpected `by`; `llvm.alloca` writes `x` between the count and the element type
// LLVM aggregates, stack and memory operations written wrong: a position outside the
// aggregate, a position into a scalar, an ordering kiln does not take, an operation
// `llvm.atomicrmw` does not have, `llvm.intr.memcpy` without its volatility, a malformed
// `llvm.alloca`.
llvm.func @f(%p: !llvm.ptr, %x: i64, %f: f32) {
  %u = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
  %a = llvm.extractvalue %u[2] : !llvm.struct<(i64, ptr)>
  %d = llvm.extractvalue %x[0] : i64
  %e = llvm.atomicrmw add %p, %x seq_cst : !llvm.ptr, i64
  %g = llvm.atomicrmw mul %p, %x acq_rel : !llvm.ptr, i64
  "llvm.intr.memcpy"(%p, %p, %x) : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %i = llvm.alloca %x by i64 : (i64) -> !llvm.ptr
  llvm.return
}
