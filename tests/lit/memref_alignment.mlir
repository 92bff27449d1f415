// memref.assume_alignment and memref.extract_aligned_pointer_as_index: the same IR shape
// as MLIR 19's finalize-memref-to-llvm, and the same answer from both pipelines.
// RUN: %kiln opt %s --finalize-memref-to-llvm --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR: %[[E:[0-9]+]] = getelementptr float, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// IR: %[[I:[0-9]+]] = ptrtoint ptr %[[E]] to i64
// IR: and i64 %[[I]], 15
// IR: call void @llvm.assume(i1
// OUT: 0
module {
  func.func @aligned(%m: memref<?xf32, strided<[1], offset: ?>>) -> index {
    memref.assume_alignment %m, 16 : memref<?xf32, strided<[1], offset: ?>>
    %p = memref.extract_aligned_pointer_as_index %m : memref<?xf32, strided<[1], offset: ?>> -> index
    return %p : index
  }
  func.func @main() -> i64 {
    %m = memref.alloc() : memref<16xf32>
    memref.assume_alignment %m, 4 : memref<16xf32>
    %p = memref.extract_aligned_pointer_as_index %m : memref<16xf32> -> index
    %c4 = arith.constant 4 : index
    %r = arith.remui %p, %c4 : index
    memref.dealloc %m : memref<16xf32>
    %i = arith.index_cast %r : index to i64
    return %i : i64
  }
}
