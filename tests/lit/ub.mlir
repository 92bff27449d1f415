// ub.poison through kiln opt (as MLIR's convert-ub-to-llvm: llvm.mlir.poison), and a
// program whose poison is never chosen, run by kiln and by MLIR 19's pipeline.
// RUN: %kiln opt %s --convert-ub-to-llvm --convert-to-llvm | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: not %kiln interp %s --entry keep -- 0 2>&1 | FileCheck %s --check-prefix=INTERP

// DIALECT: llvm.mlir.poison : i32
// IR: select i1 %0, i32 42, i32 poison
// OUT: 42
// INTERP: undefined behaviour: result 0 of `@keep` is poison
module {
  func.func @keep(%c: i1) -> i32 {
    %p = ub.poison : i32
    %x = arith.constant 42 : i32
    %r = arith.select %c, %x, %p : i32
    return %r : i32
  }
  func.func @main() -> i32 {
    %t = arith.constant true
    %r = call @keep(%t) : (i1) -> i32
    return %r : i32
  }
}
