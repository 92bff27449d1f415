// memref.alloca_scope: MLIR's lowering saves the stack pointer where the scope starts and
// restores it where the scope ends, and kiln's does the same; both run a loop whose every
// iteration allocates 12 KB in a scope.
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln cpu-runner %s -e main --entry-point-result=f32 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=f32 | FileCheck %s --check-prefix=OUT

// DIALECT: %[[SAVED:.*]] = llvm.intr.stacksave : !llvm.ptr
// DIALECT: llvm.alloca
// DIALECT: llvm.intr.stackrestore %[[SAVED]] : !llvm.ptr
// 0 + 1 + ... + 2999, and half of each again: 6747750.
// OUT: 6.747750e+06
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 3000 : index
  %z = arith.constant 0.0 : f32
  cf.br ^loop(%c0, %z : index, f32)
^loop(%i: index, %acc: f32):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %next = memref.alloca_scope -> (f32) {
    %m = memref.alloca(%n) : memref<?xf32>
    %fi = arith.index_cast %i : index to i32
    %f = arith.sitofp %fi : i32 to f32
    memref.store %f, %m[%i] : memref<?xf32>
    %v = memref.load %m[%i] : memref<?xf32>
    %two = arith.constant 2.0 : f32
    %h = arith.divf %v, %two : f32
    %s = arith.addf %acc, %v : f32
    %t = arith.addf %s, %h : f32
    memref.alloca_scope.return %t : f32
  }
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %next : index, f32)
^exit:
  return %acc : f32
}
