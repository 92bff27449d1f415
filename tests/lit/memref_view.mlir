// memref.view and memref.reshape: a byte buffer viewed as floats from a byte shift on, and a
// buffer given another static shape; the same answer from kiln and MLIR 19's pipeline.
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR: getelementptr i8, ptr %{{[0-9]+}}, i64 8
// OUT: 1007
module {
  func.func @main() -> i64 {
    %bytes = memref.alloca() : memref<64xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %ints = memref.view %bytes[%c8][] : memref<64xi8> to memref<2x3xi64>
    %shape = memref.alloca() : memref<1xindex>
    %c6 = arith.constant 6 : index
    memref.store %c6, %shape[%c0] : memref<1xindex>
    %flat = memref.reshape %ints(%shape) : (memref<2x3xi64>, memref<1xindex>) -> memref<6xi64>
    %x = arith.constant 1000 : i64
    %c4 = arith.constant 4 : index
    memref.store %x, %flat[%c4] : memref<6xi64>
    %seven = arith.constant 7 : i64
    memref.store %seven, %ints[%c0, %c0] : memref<2x3xi64>
    %a = memref.load %ints[%c1, %c1] : memref<2x3xi64>
    %b = memref.load %flat[%c0] : memref<6xi64>
    %r = arith.addi %a, %b : i64
    return %r : i64
  }
}
