// A program in MLIR's generic form (what `mlir-opt --mlir-print-op-generic` writes, down to
// `"builtin.module"() ({ ... })`) is read through kiln's generic IR and compiled like its
// custom form; a structural error in it is located in the generic text.
// RUN: %mlir-opt %s --mlir-print-op-generic | %kiln cpu-runner - -e main --entry-point-result=i64 | FileCheck %s
// RUN: %mlir-opt %s --mlir-print-op-generic | %kiln check -
// RUN: %mlir-opt %s --mlir-print-op-generic | %kiln fmt - | FileCheck %s --check-prefix=FMT
// RUN: not %kiln check %S/Inputs/bad_generic.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// 1 + 2 + ... + 10
// CHECK: 55
// FMT: func.func @main() -> i64 {
// FMT: ^bb1(%0: index, %1: i64):
// BAD: bad_generic.mlir:2:3
// BAD: 'func.return' op expects parent op 'func.func', found 'builtin.module'
module {
  func.func @main() -> i64 {
    %c1 = arith.constant 1 : index
    %c11 = arith.constant 11 : index
    %zero = arith.constant 0 : i64
    cf.br ^loop(%c1, %zero : index, i64)
  ^loop(%i: index, %acc: i64):
    %more = arith.cmpi slt, %i, %c11 : index
    cf.cond_br %more, ^body, ^done
  ^body:
    %x = arith.index_cast %i : index to i64
    %next_acc = arith.addi %acc, %x : i64
    %next = arith.addi %i, %c1 : index
    cf.br ^loop(%next, %next_acc : index, i64)
  ^done:
    return %acc : i64
  }
}
