// kiln opt takes mlir-opt's flags and prints the LLVM dialect, which mlir-translate-19 reads.
// RUN: %kiln opt %s --convert-func-to-llvm --convert-arith-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=PLAIN
// RUN: %kiln opt %s --convert-func-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln opt %s --convert-func-to-llvm='use-bare-ptr-memref-call-conv=1' | FileCheck %s --check-prefix=BARE
// RUN: %kiln opt %s '--pass-pipeline=builtin.module(finalize-memref-to-llvm, convert-func-to-llvm{use-bare-ptr-memref-call-conv=1}, reconcile-unrealized-casts)' | FileCheck %s --check-prefix=BARE
// RUN: not %kiln opt %s --convert-scf-to-cf 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %kiln opt %s --convert-func-to-llvm=index-bitwidth=32 2>&1 | FileCheck %s --check-prefix=WIDTH

// PLAIN: llvm.func @first(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f32
// IR: define float @first(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
// BARE: llvm.func @first(%arg0: !llvm.ptr) -> f32
// UNKNOWN: kiln does not implement the pass `convert-scf-to-cf`
// WIDTH: kiln's `index` is 64 bits wide
func.func @first(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<4xf32>
  return %x : f32
}
