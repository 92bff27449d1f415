// `memref.generic_atomic_rmw`, lowered by MLIR 19 to a loop around `llvm.cmpxchg`, runs on
// kiln as on MLIR; kiln reads `llvm.cmpxchg` (a failed exchange too), prints it back, and
// lowers it to LLVM's `cmpxchg`. (MLIR lowers the region only once its `arith` operations
// are LLVM's, so `--convert-to-llvm` rather than the pass-by-pass pipeline; kiln does not
// read `generic_atomic_rmw` itself.)
// RUN: %mlir-opt %s --convert-to-llvm --reconcile-unrealized-casts | %kiln cpu-runner -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s --convert-to-llvm --reconcile-unrealized-casts | %mlir-cpu-runner -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s --convert-to-llvm --reconcile-unrealized-casts | %kiln fmt - | FileCheck %s --check-prefix=FMT
// RUN: %mlir-opt %s --convert-to-llvm --reconcile-unrealized-casts | %kiln opt --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: not %kiln check %S/Inputs/llvm_cmpxchg_bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// The old value 5, the new 5 * 3 + 3 = 18, and a failed exchange that saw 18 and stored
// nothing (0): 5 * 10000 + 18 * 100 + 18 + 0 = 51818.
// OUT: {{^}}51818
// FMT: llvm.cmpxchg %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} acq_rel monotonic : !llvm.ptr, i32
// IR: cmpxchg ptr %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 %{{[0-9]+}} acq_rel monotonic
// BAD: kiln's `llvm.cmpxchg` is `acq_rel monotonic` (as MLIR's memref lowering writes it), not `seq_cst seq_cst`
func.func @main() -> i32 {
  %m = memref.alloca() : memref<2xi32>
  %c0 = arith.constant 0 : index
  %five = arith.constant 5 : i32
  memref.store %five, %m[%c0] : memref<2xi32>
  %old = memref.generic_atomic_rmw %m[%c0] : memref<2xi32> {
  ^bb0(%cur: i32):
    %three = arith.constant 3 : i32
    %x = arith.muli %cur, %three : i32
    %y = arith.addi %x, %three : i32
    memref.atomic_yield %y : i32
  }
  %new = memref.load %m[%c0] : memref<2xi32>
  %failed = call @failed_exchange(%m) : (memref<2xi32>) -> i32
  %c10000 = arith.constant 10000 : i32
  %c100 = arith.constant 100 : i32
  %a = arith.muli %old, %c10000 : i32
  %b = arith.muli %new, %c100 : i32
  %s = arith.addi %a, %b : i32
  %t = arith.addi %s, %failed : i32
  return %t : i32
}

// Expects 7 where 18 is: the exchange fails, gives the 18 it saw and stores nothing.
func.func @failed_exchange(%m: memref<2xi32>) -> i32 {
  %p = memref.extract_aligned_pointer_as_index %m : memref<2xi32> -> index
  %pi = arith.index_cast %p : index to i64
  %ptr = llvm.inttoptr %pi : i64 to !llvm.ptr
  %seven = arith.constant 7 : i32
  %nine = arith.constant 9 : i32
  %r = llvm.cmpxchg %ptr, %seven, %nine acq_rel monotonic : !llvm.ptr, i32
  %seen = llvm.extractvalue %r[0] : !llvm.struct<(i32, i1)>
  %ok = llvm.extractvalue %r[1] : !llvm.struct<(i32, i1)>
  %now = llvm.load %ptr : !llvm.ptr -> i32
  %okw = arith.extui %ok : i1 to i32
  %sum = arith.addi %seen, %okw : i32
  %zero = arith.subi %now, %seen : i32
  %out = arith.addi %sum, %zero : i32
  return %out : i32
}
