// error: 4:3: `ub.poison` of `memref<4xf32>` is not supported: kiln makes poison scalars
// A poison memref would be a poison descriptor; kiln refuses it where MLIR would convert it.
func.func @f() {
  %p = ub.poison : memref<4xf32>
  return
}
