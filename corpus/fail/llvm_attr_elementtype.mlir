// error: 5:33: `llvm.elementtype` on parameter 0 of `@f`: LLVM allows it on the arguments of intrinsics and inline assembly only, not on a function's parameter
// `llvm.elementtype` is for the arguments of intrinsics and inline assembly: LLVM's verifier
// refuses it on a function's parameter, so kiln refuses it where it is written.

func.func private @f(!llvm.ptr {llvm.elementtype = i64})
