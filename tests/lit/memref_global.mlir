// memref.global and memref.get_global: the globals MLIR 19's finalize-memref-to-llvm
// defines, and the same answers from both pipelines (a constant table, a counter kept
// between calls).
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR: @table = private constant [2 x [2 x i64]] {{\[}}[2 x i64] [i64 10, i64 20], [2 x i64] [i64 30, i64 40]], align 16
// IR: @counter = global i64 5
// IR: load i64, ptr @counter
// OUT: 53
module {
  memref.global "private" constant @table : memref<2x2xi64> = dense<[[10, 20], [30, 40]]> {alignment = 16 : i64}
  memref.global @counter : memref<i64> = dense<5>
  func.func @bump() -> i64 {
    %g = memref.get_global @counter : memref<i64>
    %v = memref.load %g[] : memref<i64>
    %c1 = arith.constant 1 : i64
    %w = arith.addi %v, %c1 : i64
    memref.store %w, %g[] : memref<i64>
    return %w : i64
  }
  func.func @main() -> i64 {
    %t = memref.get_global @table : memref<2x2xi64>
    %c1 = arith.constant 1 : index
    %x = memref.load %t[%c1, %c1] : memref<2x2xi64>
    %a = call @bump() : () -> i64
    %b = call @bump() : () -> i64
    %s = arith.addi %x, %b : i64
    %r = arith.addi %s, %a : i64
    return %r : i64
  }
}
