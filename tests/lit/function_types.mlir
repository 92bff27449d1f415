// Function types in signatures, block arguments and selects: kiln's LLVM dialect passes
// each function value as `!llvm.ptr`, as MLIR 19's func-to-llvm does, and both pipelines
// compute the same.
// RUN: %kiln opt %s --convert-func-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i32 | FileCheck %s

// DIALECT-LABEL: llvm.func @pick(%{{[a-z0-9]+}}: i1) -> !llvm.ptr
// DIALECT: llvm.select
// DIALECT-LABEL: llvm.func @twice_each(%{{[a-z0-9]+}}: !llvm.ptr, %{{[a-z0-9]+}}: i32) -> i32
// DIALECT: llvm.call %{{[a-z0-9]+}}(%{{[a-z0-9]+}}) : !llvm.ptr, (i32) -> i32
// inc(inc(5)) * 100 + dbl(dbl(5)) = 700 + 20
// CHECK: 720
func.func @inc(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %y = arith.addi %x, %c : i32
  return %y : i32
}
func.func @dbl(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  return %y : i32
}
func.func @pick(%b: i1) -> ((i32) -> i32) {
  %f = func.constant @inc : (i32) -> i32
  %g = func.constant @dbl : (i32) -> i32
  %h = arith.select %b, %f, %g : (i32) -> i32
  return %h : (i32) -> i32
}
func.func @twice_each(%f: (i32) -> i32, %x: i32) -> i32 {
  %a = func.call_indirect %f(%x) : (i32) -> i32
  cf.br ^again(%f, %a : (i32) -> i32, i32)
^again(%k: (i32) -> i32, %y: i32):
  %b = func.call_indirect %k(%y) : (i32) -> i32
  return %b : i32
}
func.func @main() -> i32 {
  %t = arith.constant true
  %u = arith.constant false
  %x = arith.constant 5 : i32
  %f = func.call @pick(%t) : (i1) -> ((i32) -> i32)
  %g = func.call @pick(%u) : (i1) -> ((i32) -> i32)
  %a = func.call @twice_each(%f, %x) : ((i32) -> i32, i32) -> i32
  %b = func.call @twice_each(%g, %x) : ((i32) -> i32, i32) -> i32
  %h = arith.constant 100 : i32
  %ah = arith.muli %a, %h : i32
  %r = arith.addi %ah, %b : i32
  return %r : i32
}
