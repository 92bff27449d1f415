// Parameter and result attributes through kiln opt and mlir-translate-19, where MLIR 19 puts
// them: on scalars, on a bare pointer, on a C wrapper's descriptor pointer, on a returned
// result; a memref passed as its descriptor's fields drops them (with a warning).
// RUN: %kiln opt %s --convert-func-to-llvm 2>%t.err | %mlir-translate --mlir-to-llvmir | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT

// CHECK-DAG: define signext i32 @widen(i8 signext %0, i8 noundef zeroext %1)
// CHECK-DAG: define i32 @first(ptr noalias align 16 dereferenceable(16) %0)
// CHECK-DAG: define float @_mlir_ciface_sum(ptr noalias nonnull %0)
// CHECK-DAG: define float @sum(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
// CHECK-DAG: declare zeroext i16 @ext(i16 zeroext)
// CHECK-DAG: define float @peek(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
// WARN: `llvm.noalias` on parameter 0 of `@peek` is dropped: the parameter is passed as 5 LLVM parameters
// WARN-NOT: @sum
// OUT: 247
module {
  func.func @widen(%x: i8 {llvm.signext}, %y: i8 {llvm.zeroext, llvm.noundef}) -> (i32 {llvm.signext}) {
    %a = arith.extsi %x : i8 to i32
    %b = arith.extui %y : i8 to i32
    %s = arith.addi %a, %b : i32
    return %s : i32
  }
  func.func @first(%m: memref<4xi32> {llvm.noalias, llvm.align = 16 : i64, llvm.dereferenceable = 16 : i64}) -> i32 attributes {llvm.bareptr} {
    %c0 = arith.constant 0 : index
    %v = memref.load %m[%c0] : memref<4xi32>
    return %v : i32
  }
  func.func @sum(%m: memref<2xf32> {llvm.noalias, llvm.nonnull}) -> f32 attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.load %m[%c0] : memref<2xf32>
    %b = memref.load %m[%c1] : memref<2xf32>
    %s = arith.addf %a, %b : f32
    return %s : f32
  }
  func.func @peek(%m: memref<2xf32> {llvm.noalias}) -> f32 {
    %c0 = arith.constant 0 : index
    %a = memref.load %m[%c0] : memref<2xf32>
    return %a : f32
  }
  func.func private @ext(i16 {llvm.zeroext}) -> (i16 {llvm.zeroext})
  func.func @main() -> i32 {
    %x = arith.constant -3 : i8
    %y = arith.constant 250 : i8
    %r = call @widen(%x, %y) : (i8, i8) -> i32
    return %r : i32
  }
}
