// memref.copy between layouts that are not one run of memory, and between unranked
// memrefs: MLIR 19 calls `memrefCopy` of its C runtime; kiln calls it too, from MLIR's
// runtime where one is loaded or linked, else from its own (the JIT, and the executables
// `kiln compile --emit exe` links). A contiguous view at an offset is one memcpy.
// RUN: %kiln opt %s --expand-strided-metadata --finalize-memref-to-llvm --convert-to-llvm | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=f32 | FileCheck %s
// RUN: %kiln cpu-runner %s -e main --entry-point-result=f32 --shared-libs=%mlir-runtime | FileCheck %s
// RUN: %kiln compile %s --emit exe -o %t.exe && %t.exe | FileCheck %s --check-prefix=EXE
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=f32 --shared-libs=%mlir-runtime | FileCheck %s

// IR: llvm.call @memrefCopy
// IR: llvm.call @memrefCopy
// IR: llvm.call @memcpy
// IR: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)

// A 4x8 buffer of 0..31. Rows 1..3, columns 2 and 5 (a view with strides [8, 3] at offset
// 10) copied to a dense 3x2 buffer: b = [[10, 13], [18, 21], [26, 29]]; b copied through
// unranked memrefs to w; row 2 (a contiguous view at offset 16) copied to a dense row r.
// Returns w[2, 1] * 10000 + b[0, 0] * 100 + r[0, 7] = 290000 + 1000 + 23.
// (In either order: MLIR's runner prints the result before the program's buffered output.)
// CHECK-DAG: w[2,1] = 29, b[0,0] = 10, r[0,7] = 23
// CHECK-DAG: 2.910230e+05
// EXE: w[2,1] = 29, b[0,0] = 10, r[0,7] = 23
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.mlir.global internal constant @format("w[2,1] = %g, b[0,0] = %g, r[0,7] = %g\0A\00") {addr_space = 0 : i32}

func.func @main() -> f32 {
  %a = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc() : memref<3x2xf32>
  %w = memref.alloc() : memref<3x2xf32>
  %r = memref.alloc() : memref<1x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  cf.br ^fill(%c0 : index)
^fill(%i: index):
  %done = arith.cmpi eq, %i, %c4 : index
  cf.cond_br %done, ^copy, ^row(%c0 : index)
^row(%j: index):
  %rdone = arith.cmpi eq, %j, %c8 : index
  cf.cond_br %rdone, ^next, ^cell
^cell:
  %k0 = arith.muli %i, %c8 : index
  %k = arith.addi %k0, %j : index
  %ki = arith.index_cast %k : index to i32
  %v = arith.sitofp %ki : i32 to f32
  memref.store %v, %a[%i, %j] : memref<4x8xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^row(%j1 : index)
^next:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^fill(%i1 : index)
^copy:
  %view = memref.subview %a[1, 2] [3, 2] [1, 3] : memref<4x8xf32> to memref<3x2xf32, strided<[8, 3], offset: 10>>
  memref.copy %view, %b : memref<3x2xf32, strided<[8, 3], offset: 10>> to memref<3x2xf32>
  %bu = memref.cast %b : memref<3x2xf32> to memref<*xf32>
  %wu = memref.cast %w : memref<3x2xf32> to memref<*xf32>
  memref.copy %bu, %wu : memref<*xf32> to memref<*xf32>
  %row = memref.subview %a[2, 0] [1, 8] [1, 1] : memref<4x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 16>>
  memref.copy %row, %r : memref<1x8xf32, strided<[8, 1], offset: 16>> to memref<1x8xf32>
  %x = memref.load %w[%c2, %c1] : memref<3x2xf32>
  %y = memref.load %b[%c0, %c0] : memref<3x2xf32>
  %z = memref.load %r[%c0, %c7] : memref<1x8xf32>
  %xd = arith.extf %x : f32 to f64
  %yd = arith.extf %y : f32 to f64
  %zd = arith.extf %z : f32 to f64
  %f = llvm.mlir.addressof @format : !llvm.ptr
  %p = llvm.call @printf(%f, %xd, %yd, %zd) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64) -> i32
  %e4 = arith.constant 10000.0 : f32
  %e2 = arith.constant 100.0 : f32
  %x4 = arith.mulf %x, %e4 : f32
  %y2 = arith.mulf %y, %e2 : f32
  %s = arith.addf %x4, %y2 : f32
  %t = arith.addf %s, %z : f32
  memref.dealloc %a : memref<4x8xf32>
  memref.dealloc %b : memref<3x2xf32>
  memref.dealloc %w : memref<3x2xf32>
  memref.dealloc %r : memref<1x8xf32>
  return %t : f32
}
