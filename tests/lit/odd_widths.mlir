// Integers of odd widths (i3, i12, i40) as LLVM's iN: kiln's LLVM dialect and IR carry the
// width, arithmetic wraps at it, and memory allocates the bytes LLVM's data layout gives it
// (two for an i12), by kiln and by MLIR 19.
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i64 | FileCheck %s --check-prefix=OUT

// IR-LABEL: define i12 @wrap(i12 %0, i12 %1)
// IR: add i12
// IR-LABEL: define i64 @main()
// IR: call ptr @malloc(i64 8)
// IR: store i12
// (2047 + 1 wraps to -2048 in i12) + (7 as i3 is -1) * 1000 + (2^39 - 1) * 2 in i40 (-2)
// OUT: -3050
func.func @wrap(%a: i12, %b: i12) -> i12 {
  %s = arith.addi %a, %b : i12
  return %s : i12
}

func.func @main() -> i64 {
  %a = arith.constant 2047 : i12
  %b = arith.constant 1 : i12
  %s = call @wrap(%a, %b) : (i12, i12) -> i12
  %buf = memref.alloc() : memref<4xi12>
  %c3 = arith.constant 3 : index
  memref.store %s, %buf[%c3] : memref<4xi12>
  %back = memref.load %buf[%c3] : memref<4xi12>
  memref.dealloc %buf : memref<4xi12>
  %x = arith.extsi %back : i12 to i64
  %seven = arith.constant 7 : i3
  %y3 = arith.extsi %seven : i3 to i64
  %thousand = arith.constant 1000 : i64
  %y = arith.muli %y3, %thousand : i64
  %big = arith.constant 549755813887 : i40
  %two = arith.constant 2 : i40
  %z40 = arith.muli %big, %two : i40
  %z = arith.extsi %z40 : i40 to i64
  %xy = arith.addi %x, %y : i64
  %r = arith.addi %xy, %z : i64
  return %r : i64
}
