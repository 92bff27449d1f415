// error: 6:19: unknown type `vector`
// error: 6:25: unexpected `<`, expected `{`, `func`, `attributes`, `memref.global`, `llvm.func` or `llvm.mlir.global`
// An unknown result type makes the parser drop the body; the type is the error, and no
// "must be declared `private`" follows for a declaration the program never wrote (MLIR's
// constant-index-bitwidth test, frontend/src/builder.rs).
func.func @f() -> vector<2xindex> {
  %0 = arith.constant dense<[-1, 4]> : vector<2xindex>
  return %0 : vector<2xindex>
}
