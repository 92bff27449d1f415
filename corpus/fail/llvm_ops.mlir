// error: 8:3: kiln's `llvm.load` of `i32` takes an alignment of at least 4 bytes (a power of two)
// error: 9:3: `i32` cannot be indexed into
// error: 10:30: an index of `llvm.getelementptr` is an integer (`i64`, `i32`), not `index`
// error: 11:3: a struct of 2 fields is indexed by a constant below 2
// error: 12:18: address `%v` has type `i32`, expected `!llvm.ptr`
// error: 13:3: `llvm.ptrtoint` cannot convert `i32` to `i64`
func.func @f(%p: !llvm.ptr, %i: index) -> i32 {
  %v = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> i32
  %q = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, i32
  %r = llvm.getelementptr %p[%i] : (!llvm.ptr, index) -> !llvm.ptr, !llvm.struct<(i32, f64)>
  %s = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f64)>
  llvm.store %p, %v : !llvm.ptr, i32
  %n = llvm.ptrtoint %v : i32 to i64
  return %v : i32
}
