// func.constant and func.call_indirect: kiln's LLVM dialect takes the function's address
// and calls through it as MLIR 19's func-to-llvm does, and both pipelines compute the same.
// RUN: %kiln opt %s --convert-func-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// DIALECT: llvm.mlir.addressof @twice : !llvm.ptr
// DIALECT: llvm.call %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) : !llvm.ptr, (i64) -> i64
// IR-LABEL: define i64 @main()
// IR: call i64
// twice(20) + add(1, 2): 43
// OUT: 43
func.func @twice(%x: i64) -> i64 {
  %y = arith.addi %x, %x : i64
  return %y : i64
}

func.func @add(%a: i64, %b: i64) -> i64 {
  %s = arith.addi %a, %b : i64
  return %s : i64
}

func.func @main() -> i64 {
  %t = func.constant @twice : (i64) -> i64
  %a = func.constant @add : (i64, i64) -> i64
  %c20 = arith.constant 20 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %x = func.call_indirect %t(%c20) : (i64) -> i64
  %y = func.call_indirect %a(%c1, %c2) : (i64, i64) -> i64
  %r = arith.addi %x, %y : i64
  return %r : i64
}
