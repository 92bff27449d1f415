// memref.expand_shape and memref.collapse_shape: views with dimensions split and joined,
// the same answer from kiln and from MLIR 19's pipeline (which needs
// --expand-strided-metadata for them; kiln lowers them directly).
// RUN: %kiln opt %s --expand-strided-metadata --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR-LABEL: define i64 @main()
// OUT: 146
module {
  func.func @main() -> i64 {
    %m = memref.alloca() : memref<4x6xi64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %flat = memref.collapse_shape %m [[0, 1]] : memref<4x6xi64> into memref<24xi64>
    %c24 = arith.constant 24 : index
    cf.br ^fill(%c0 : index)
  ^fill(%i: index):
    %more = arith.cmpi ult, %i, %c24 : index
    cf.cond_br %more, ^body, ^done
  ^body:
    %v = arith.index_cast %i : index to i64
    memref.store %v, %flat[%i] : memref<24xi64>
    %next = arith.addi %i, %c1 : index
    cf.br ^fill(%next : index)
  ^done:
    %cube = memref.expand_shape %flat [[0, 1, 2]] output_shape [2, 3, 4] : memref<24xi64> into memref<2x3x4xi64>
    %a = memref.load %cube[%c1, %c2, %c3] : memref<2x3x4xi64>
    %b = memref.load %m[%c3, %c5] : memref<4x6xi64>
    %s = arith.addi %a, %b : i64
    %c100 = arith.constant 100 : i64
    %r = arith.addi %s, %c100 : i64
    return %r : i64
  }
}
