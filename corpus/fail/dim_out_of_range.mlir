// stage: lower
// error: 7:3: no rule lowers `memref.dim`
// A dimension index the type rules out: no rule lowers it (MLIR calls this undefined).
func.func @f(%m: memref<?xf32>) -> index {
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c5 : memref<?xf32>
  func.return %d : index
}
