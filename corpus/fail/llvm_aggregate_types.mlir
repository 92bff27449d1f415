// error: 14:25: inserted value `%f` has type `f32`, expected `i64`
// error: 15:3: position [0, 1] is not inside `!llvm.struct<(i64, ptr)>`
// error: 16:32: `llvm.atomicrmw fadd` takes a float of 8, 16, 32 or 64 bits, not `i64`
// error: 17:3: `llvm.mlir.zero` makes a pointer, an integer or a float, not `!llvm.struct<(i64, ptr)>`
// error: 18:39: `llvm.intr.uadd.with.overflow` adds integers, not `f32`
// error: 19:26: saved stack pointer `%x` has type `i64`, expected `!llvm.ptr`
// error: 21:25: `llvm.cmpxchg` compares an integer of 8, 16, 32 or 64 bits or a pointer, not `f32`
// LLVM aggregates and memory operations whose types do not fit: a value of another type
// put into an aggregate, a position that steps into a scalar, a float `llvm.atomicrmw` of
// an integer, a zero aggregate, a float carry, a stack pointer that is no pointer, a float
// compare-and-exchange.
llvm.func @f(%p: !llvm.ptr, %x: i64, %f: f32) {
  %u = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
  %b = llvm.insertvalue %f, %u[0] : !llvm.struct<(i64, ptr)>
  %c = llvm.insertvalue %x, %u[0, 1] : !llvm.struct<(i64, ptr)>
  %h = llvm.atomicrmw fadd %p, %x acq_rel : !llvm.ptr, i64
  %j = llvm.mlir.zero : !llvm.struct<(i64, ptr)>
  %k = "llvm.intr.uadd.with.overflow"(%f, %f) : (f32, f32) -> !llvm.struct<(f32, i1)>
  llvm.intr.stackrestore %x : i64
  %n = llvm.alloca %x x i64 : (i64) -> !llvm.ptr
  %q = llvm.cmpxchg %p, %f, %f acq_rel monotonic : !llvm.ptr, f32
  llvm.return
}
