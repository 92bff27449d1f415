// The index dialect's arithmetic, by kiln and by MLIR 19.
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s

// ceildivs(-17, 5) * 1000 + floordivs(-17, 5) * 10 + maxu(-1, 3) == -1 ? 7 : 0
// CHECK: -3047
func.func @main() -> i64 {
  %a = arith.constant -17 : index
  %b = arith.constant 5 : index
  %c = index.ceildivs %a, %b
  %f = index.floordivs %a, %b
  %c1000 = arith.constant 1000 : index
  %c10 = arith.constant 10 : index
  %x = index.mul %c, %c1000
  %y = index.mul %f, %c10
  %s = index.add %x, %y
  %m1 = arith.constant -1 : index
  %three = arith.constant 3 : index
  %mx = index.maxu %m1, %three
  %is = arith.cmpi eq, %mx, %m1 : index
  %seven = arith.constant 7 : index
  %zero = arith.constant 0 : index
  %k = arith.select %is, %seven, %zero : index
  %r = index.sub %s, %k
  %ri = arith.index_cast %r : index to i64
  return %ri : i64
}
