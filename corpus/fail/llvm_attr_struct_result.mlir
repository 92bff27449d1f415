// stage: lower
// error: 5:11: `llvm.noalias` on result 0 of `@f` lands on the LLVM type `(llvm.struct [ptr ptr i64 (llvm.array 1 i64) (llvm.array 1 i64)])`, which it cannot apply to
// A memref result is returned as its descriptor, a struct: a pointer attribute cannot go on
// it (MLIR 19: "llvm.noalias" attribute attached to non-pointer LLVM type).
func.func @f(%m: memref<4xf32>) -> (memref<4xf32> {llvm.noalias}) {
  return %m : memref<4xf32>
}
