// error: 6:27: `llvm.byval` on parameter 0 of `@f` needs a pointer in LLVM, and `i64` does not become one
// error: 6:78: `llvm.sret` holds an LLVM type (`llvm.sret = !llvm.struct<(i64, i64, i64)>`)
// `llvm.byval` stands for memory behind a pointer: on an integer it is an error (MLIR 19:
// "attribute attached to non-pointer LLVM type"), and its value is an LLVM type.

func.func private @f(i64 {llvm.byval = !llvm.struct<(i64, i64)>}, !llvm.ptr {llvm.sret})
