// error: 5:8: `arith.foo` is not an operation of the `arith` dialect that kiln supports (MLIR refuses unknown operations of a registered dialect)
// error: 6:8: `llvm.freeze` is not an operation of the `llvm` dialect that kiln supports (MLIR refuses unknown operations of a registered dialect)
// error: 7:8: `math.sqrtt` is not an operation of the `math` dialect that kiln supports (MLIR refuses unknown operations of a registered dialect)
func.func @f(%a: i32, %x: f32) -> i32 {
  %0 = arith.foo %a, %a : i32
  %1 = llvm.freeze %a : i32
  %2 = math.sqrtt %x : f32
  "index.nope"(%a) : (i32) -> ()
  return %0 : i32
}
