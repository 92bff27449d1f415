// error: 3:8: `arith.adfdi` is not an operation of the `arith` dialect that kiln supports (MLIR refuses unknown operations of a registered dialect)
func.func @f(%a: i32) {
  %0 = "arith.adfdi"(%a) : (i32) -> i32
  func.return
}
