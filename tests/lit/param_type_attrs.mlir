// Parameter attributes that hold a type: a structure passed by value (`llvm.byval`, a copy
// in the caller's frame the callee may write) and one returned through a pointer
// (`llvm.sret`), each the LLVM attribute MLIR 19 gives the parameter. The callee writes
// its copy; the caller's structure keeps its values, under kiln and under MLIR's pipeline.
// RUN: %kiln opt %s --convert-func-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %kiln cpu-runner %s -O2 -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// CHECK-DAG: define i64 @sum3(ptr noundef byval({ i64, i64, i64 }) %0)
// CHECK-DAG: define void @fill(ptr noalias sret({ i64, i64, i64 }) %0, i64 %1)
// CHECK-DAG: declare i64 @peek(ptr byref([2 x i32]))
// OUT: 42007
module {
  func.func @sum3(%p: !llvm.ptr {llvm.byval = !llvm.struct<(i64, i64, i64)>, llvm.noundef}) -> i64 {
    %a = llvm.load %p : !llvm.ptr -> i64
    %pb = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64, i64)>
    %b = llvm.load %pb : !llvm.ptr -> i64
    %pc = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64, i64)>
    %c = llvm.load %pc : !llvm.ptr -> i64
    // The callee's copy is its own to write.
    %z = arith.constant 100 : i64
    llvm.store %z, %p : i64, !llvm.ptr
    %ab = arith.addi %a, %b : i64
    %s = arith.addi %ab, %c : i64
    return %s : i64
  }
  func.func @fill(%out: !llvm.ptr {llvm.sret = !llvm.struct<(i64, i64, i64)>, llvm.noalias}, %x: i64) {
    %two = arith.constant 2 : i64
    %three = arith.constant 3 : i64
    %y = arith.muli %x, %two : i64
    %z = arith.muli %x, %three : i64
    llvm.store %x, %out : i64, !llvm.ptr
    %p1 = llvm.getelementptr %out[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64, i64)>
    llvm.store %y, %p1 : i64, !llvm.ptr
    %p2 = llvm.getelementptr %out[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64, i64)>
    llvm.store %z, %p2 : i64, !llvm.ptr
    return
  }
  func.func private @peek(!llvm.ptr {llvm.byref = !llvm.array<2 x i32>}) -> i64
  func.func @main() -> i64 {
    %m = memref.alloca() : memref<3xi64>
    %addr = memref.extract_aligned_pointer_as_index %m : memref<3xi64> -> index
    %i = arith.index_cast %addr : index to i64
    %p = llvm.inttoptr %i : i64 to !llvm.ptr
    %seven = arith.constant 7 : i64
    call @fill(%p, %seven) : (!llvm.ptr, i64) -> ()
    %s = call @sum3(%p) : (!llvm.ptr) -> i64
    %c0 = arith.constant 0 : index
    %first = memref.load %m[%c0] : memref<3xi64>
    %k = arith.constant 1000 : i64
    %hi = arith.muli %s, %k : i64
    %r = arith.addi %hi, %first : i64
    return %r : i64
  }
}
