// llvm.linkage, C-interface declarations and empty nested modules, as MLIR's passes leave
// them, through kiln opt and mlir-translate-19.
// RUN: %kiln opt %s --convert-func-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT

// CHECK-DAG: define linkonce_odr i32 @square(i32 %0)
// CHECK-DAG: define internal i32 @twice(i32 %0)
// CHECK-DAG: define private void @observe(i64 %0, ptr %1)
// OUT: 98
module {
  func.func private @square(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<linkonce_odr>} {
    %0 = arith.muli %x, %x : i32
    return %0 : i32
  }
  func.func @twice(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>} {
    %0 = arith.addi %x, %x : i32
    return %0 : i32
  }
  func.func private @observe(memref<*xf32>) attributes {llvm.emit_c_interface}
  func.func @main() -> i32 {
    %c7 = arith.constant 7 : i32
    %0 = call @square(%c7) : (i32) -> i32
    %1 = call @twice(%0) : (i32) -> i32
    return %1 : i32
  }
  module {
  }
}
