// memref copies and views, by kiln and by MLIR 19.
// RUN: %kiln cpu-runner %s -e main --entry-point-result=f32 | FileCheck %s
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=f32 | FileCheck %s

// A 3x4 buffer of 0..11, copied, then read through a 2x2 view at row 1, column 1 with
// column stride 2: view[1, 1] = copy[2, 3] = 11.
// CHECK: 1.100000e+01
func.func @main() -> f32 {
  %src = memref.alloc() : memref<3x4xf32>
  %dst = memref.alloc() : memref<3x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  cf.br ^fill(%c0 : index)
^fill(%i: index):
  %done = arith.cmpi eq, %i, %c3 : index
  cf.cond_br %done, ^copy, ^row(%c0 : index)
^row(%j: index):
  %rdone = arith.cmpi eq, %j, %c4 : index
  cf.cond_br %rdone, ^next, ^cell
^cell:
  %k0 = arith.muli %i, %c4 : index
  %k = arith.addi %k0, %j : index
  %ki = arith.index_cast %k : index to i32
  %v = arith.sitofp %ki : i32 to f32
  memref.store %v, %src[%i, %j] : memref<3x4xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^row(%j1 : index)
^next:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^fill(%i1 : index)
^copy:
  memref.copy %src, %dst : memref<3x4xf32> to memref<3x4xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %dst : memref<3x4xf32> -> memref<f32>, index, index, index, index, index
  %o = arith.addi %strides#0, %c1 : index
  %view = memref.reinterpret_cast %base to offset: [%o], sizes: [2, 2], strides: [%strides#0, 2] : memref<f32> to memref<2x2xf32, strided<[?, 2], offset: ?>>
  %x = memref.load %view[%c1, %c1] : memref<2x2xf32, strided<[?, 2], offset: ?>>
  memref.dealloc %src : memref<3x4xf32>
  memref.dealloc %dst : memref<3x4xf32>
  return %x : f32
}

// RUN: %kiln cpu-runner %s -e subviews --entry-point-result=i64 | FileCheck %s --check-prefix=SUB
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e subviews --entry-point-result=i64 | FileCheck %s --check-prefix=SUB

// A 16-element buffer of 0..15; every other element from 2, then every third of those
// from 1: element 1 is buffer[4 + 6] = 10.
// SUB: 10
func.func @subviews() -> i64 {
  %m = memref.alloca() : memref<16xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  cf.br ^fill(%c0 : index)
^fill(%i: index):
  %done = arith.cmpi eq, %i, %c16 : index
  cf.cond_br %done, ^view, ^cell
^cell:
  %v = arith.index_cast %i : index to i64
  memref.store %v, %m[%i] : memref<16xi64>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^fill(%i1 : index)
^view:
  %a = memref.subview %m[2] [6] [2] : memref<16xi64> to memref<6xi64, strided<[2], offset: 2>>
  %b = memref.subview %a[1] [2] [3] : memref<6xi64, strided<[2], offset: 2>> to memref<2xi64, strided<[6], offset: 4>>
  %x = memref.load %b[%c1] : memref<2xi64, strided<[6], offset: 4>>
  return %x : i64
}
