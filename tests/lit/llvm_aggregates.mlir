// MLIR 19's own LLVM-dialect output in input: memref descriptors as `!llvm.struct` values
// built with `llvm.insertvalue` and read with `llvm.extractvalue`, stack slots from
// `llvm.alloca`, `llvm.intr.stacksave`/`stackrestore` around a scope, `llvm.intr.memcpy`
// for a copy, `llvm.atomicrmw`, `llvm.intr.uadd.with.overflow`. `mlir-opt | kiln
// cpu-runner` prints what `mlir-opt | mlir-cpu-runner` prints; kiln prints the dialect back
// in a form MLIR reads, and lowers it to LLVM IR `mlir-translate` accepts.
// RUN: %mlir-opt %s %mlir-lower | %kiln cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %kiln fmt - | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %kiln fmt - | FileCheck %s --check-prefix=FMT
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %kiln fmt %s | %mlir-opt %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %kiln fmt %s | FileCheck %s --check-prefix=SOURCE
// RUN: %mlir-opt %s %mlir-lower | %kiln opt --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %mlir-opt %s %mlir-lower | %kiln run - --entry pair_sum | FileCheck %s --check-prefix=PAIR
// RUN: not %kiln interp %s --entry pair_sum 2>&1 | FileCheck %s --check-prefix=INTERP

// 2 + 3 + 4 + 5 (the copy) + 3 (atomic adds) + 1 (the carry of 200 + 100 in i8) + 7 + 35
// (the nested array) + 41 (the pair) + 1 (the same carry from the LLVM dialect) = 102.
// OUT: {{^}}102
// FMT-DAG: llvm.insertvalue %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// FMT-DAG: llvm.extractvalue %{{[a-z0-9]+}}[1] : !llvm.struct<(i64, i64)>
// FMT-DAG: llvm.alloca %{{[a-z0-9]+}} x i64 : (i64) -> !llvm.ptr
// FMT-DAG: "llvm.intr.memcpy"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
// FMT-DAG: llvm.intr.stacksave : !llvm.ptr
// FMT-DAG: llvm.atomicrmw add %{{[a-z0-9]+}}, %{{[a-z0-9]+}} acq_rel : !llvm.ptr, i64
// FMT-DAG: llvm.intr.stackrestore %{{[a-z0-9]+}} : !llvm.ptr
// FMT-DAG: "llvm.intr.uadd.with.overflow"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (i8, i8) -> !llvm.struct<(i8, i1)>
// SOURCE: llvm.mlir.poison : !llvm.struct<(i8, i1)>
// SOURCE: llvm.insertvalue %{{[a-z0-9]+}}, %{{[a-z0-9]+}}[1] : !llvm.struct<(i8, i1)>
// SOURCE: llvm.alloca %{{[a-z0-9]+}} x !llvm.struct<(i64, i64)> : (i64) -> !llvm.ptr
// IR: call void @llvm.memcpy.p0.p0.i64(ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64 {{.*}}, i1 false)
// IR: atomicrmw add ptr %{{[0-9]+}}, i64 {{.*}} acq_rel
// IR: call void @llvm.assume(i1 %{{[0-9]+}})
// IR: define { i64, i64 } @pair(i64 %{{[0-9]+}})
// PAIR: 41
// INTERP: cannot interpret: the LLVM dialect's aggregates and memory (`llvm.mlir.undef`

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %src = memref.alloca() : memref<4xi64>
  cf.br ^fill(%c0 : index)
^fill(%i: index):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^put, ^copy
^put:
  %iv = arith.index_cast %i : index to i64
  %two = arith.constant 2 : i64
  %v = arith.addi %iv, %two : i64
  memref.store %v, %src[%i] : memref<4xi64>
  %n = arith.addi %i, %c1 : index
  cf.br ^fill(%n : index)
^copy:
  %dst = memref.alloc() : memref<4xi64>
  memref.copy %src, %dst : memref<4xi64> to memref<4xi64>
  %acc = memref.alloca() : memref<i64>
  %zero = arith.constant 0 : i64
  memref.store %zero, %acc[] : memref<i64>
  memref.alloca_scope {
    %tmp = memref.alloca() : memref<1xi64>
    %one = arith.constant 1 : i64
    memref.store %one, %tmp[%c0] : memref<1xi64>
    %r0 = memref.atomic_rmw addi %one, %acc[] : (i64, memref<i64>) -> i64
    %r1 = memref.atomic_rmw addi %one, %acc[] : (i64, memref<i64>) -> i64
    %r2 = memref.atomic_rmw addi %one, %acc[] : (i64, memref<i64>) -> i64
  }
  cf.br ^sum(%c0, %zero : index, i64)
^sum(%j: index, %s: i64):
  %go = arith.cmpi slt, %j, %c4 : index
  cf.cond_br %go, ^add, ^done
^add:
  %x = memref.load %dst[%j] : memref<4xi64>
  %s2 = arith.addi %s, %x : i64
  %j2 = arith.addi %j, %c1 : index
  cf.br ^sum(%j2, %s2 : index, i64)
^done:
  memref.dealloc %dst : memref<4xi64>
  %atomics = memref.load %acc[] : memref<i64>
  %a = arith.constant 200 : i8
  %b = arith.constant 100 : i8
  %sum8, %carry = arith.addui_extended %a, %b : i8, i1
  %carry64 = arith.extui %carry : i1 to i64
  %arrays = llvm.call @arrays() : () -> i64
  %pair = call @pair_sum() : () -> i64
  %t0 = arith.addi %s, %atomics : i64
  %t1 = arith.addi %t0, %carry64 : i64
  %t2 = arith.addi %t1, %arrays : i64
  %t3 = arith.addi %t2, %pair : i64
  %c200 = llvm.mlir.constant(200 : i8) : i8
  %c100 = llvm.mlir.constant(100 : i8) : i8
  %carried = llvm.call @carry(%c200, %c100) : (i8, i8) -> i64
  %t4 = arith.addi %t3, %carried : i64
  return %t4 : i64
}

// Nested positions into an array of arrays, and an undefined aggregate filled field by field.
llvm.func @arrays() -> i64 {
  %u = llvm.mlir.undef : !llvm.array<2 x array<3 x i64>>
  %c7 = llvm.mlir.constant(7 : i64) : i64
  %c35 = llvm.mlir.constant(35 : i64) : i64
  %a = llvm.insertvalue %c7, %u[0, 2] : !llvm.array<2 x array<3 x i64>>
  %b = llvm.insertvalue %c35, %a[1, 0] : !llvm.array<2 x array<3 x i64>>
  %x = llvm.extractvalue %b[0, 2] : !llvm.array<2 x array<3 x i64>>
  %y = llvm.extractvalue %b[1, 0] : !llvm.array<2 x array<3 x i64>>
  %s = llvm.add %x, %y : i64
  llvm.return %s : i64
}

// The sum and carry of `arith.addui_extended` as the LLVM dialect writes them, the carry
// put into a poison struct and read back, and promised to LLVM.
llvm.func @carry(%a: i8, %b: i8) -> i64 {
  %r = "llvm.intr.uadd.with.overflow"(%a, %b) : (i8, i8) -> !llvm.struct<(i8, i1)>
  %c = llvm.extractvalue %r[1] : !llvm.struct<(i8, i1)>
  %p = llvm.mlir.poison : !llvm.struct<(i8, i1)>
  %q = llvm.insertvalue %c, %p[1] : !llvm.struct<(i8, i1)>
  %d = llvm.extractvalue %q[1] : !llvm.struct<(i8, i1)>
  "llvm.intr.assume"(%d) : (i1) -> ()
  %w = llvm.zext %d : i1 to i64
  llvm.return %w : i64
}

// A struct returned from an `llvm.func`, carried as a block argument, stored to and loaded
// from a stack slot.
llvm.func @pair(%n: i64) -> !llvm.struct<(i64, i64)> {
  %u = llvm.mlir.undef : !llvm.struct<(i64, i64)>
  %one = llvm.mlir.constant(1 : i64) : i64
  %m = llvm.add %n, %one : i64
  %p0 = llvm.insertvalue %n, %u[0] : !llvm.struct<(i64, i64)>
  %p1 = llvm.insertvalue %m, %p0[1] : !llvm.struct<(i64, i64)>
  llvm.br ^out(%p1 : !llvm.struct<(i64, i64)>)
^out(%p: !llvm.struct<(i64, i64)>):
  %slot = llvm.alloca %one x !llvm.struct<(i64, i64)> : (i64) -> !llvm.ptr
  llvm.store %p, %slot : !llvm.struct<(i64, i64)>, !llvm.ptr
  %q = llvm.load %slot : !llvm.ptr -> !llvm.struct<(i64, i64)>
  llvm.return %q : !llvm.struct<(i64, i64)>
}

func.func @pair_sum() -> i64 {
  %c20 = arith.constant 20 : i64
  %p = llvm.call @pair(%c20) : (i64) -> !llvm.struct<(i64, i64)>
  %a = llvm.extractvalue %p[0] : !llvm.struct<(i64, i64)>
  %b = llvm.extractvalue %p[1] : !llvm.struct<(i64, i64)>
  %s = arith.addi %a, %b : i64
  return %s : i64
}
