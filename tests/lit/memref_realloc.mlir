// memref.realloc: growing copies to new memory and frees the old, shrinking keeps it; the
// same answer from kiln and from MLIR 19's pipeline (with --expand-realloc, which kiln opt
// accepts).
// RUN: %kiln opt %s --expand-realloc --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR: call ptr @malloc(i64 48)
// IR: call void @memcpy(ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64 16)
// IR: call void @free
// OUT: 42
module {
  func.func @main() -> i64 {
    %m = memref.alloc() : memref<2xi64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %x = arith.constant 40 : i64
    %y = arith.constant 2 : i64
    memref.store %x, %m[%c0] : memref<2xi64>
    memref.store %y, %m[%c1] : memref<2xi64>
    %g = memref.realloc %m : memref<2xi64> to memref<6xi64>
    memref.store %y, %g[%c5] : memref<6xi64>
    %s = memref.realloc %g : memref<6xi64> to memref<3xi64>
    %a = memref.load %s[%c0] : memref<3xi64>
    %b = memref.load %s[%c1] : memref<3xi64>
    %r = arith.addi %a, %b : i64
    memref.dealloc %s : memref<3xi64>
    return %r : i64
  }
}
