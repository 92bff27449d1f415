// A function's own LLVM attributes: `passthrough` (LLVM attribute names and string pairs)
// and the unit attributes of MLIR 19's `llvm.func` (`no_inline`, `optimize_none`, ...),
// carried by `convert-func-to-llvm` and translated as MLIR 19 translates them.
// RUN: %kiln opt %s --convert-to-llvm | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %mlir-opt %s %mlir-lower | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln compile %s -O2 --emit llvm-ir -o - | FileCheck %s --check-prefix=O2
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT

// DIALECT: llvm.func @twice(%arg0: i32) -> i32 attributes {passthrough = ["noinline", ["frame-pointer", "all"], "willreturn"]
// DIALECT: llvm.func @main() -> i32 attributes {passthrough = ["optnone", "noinline"]
// IR: define i32 @twice(i32 %0) #[[TWICE:[0-9]+]]
// IR: define i32 @main() #[[MAIN:[0-9]+]]
// IR-DAG: attributes #[[TWICE]] = { noinline willreturn "frame-pointer"="all" }
// IR-DAG: attributes #[[MAIN]] = { noinline optnone }
// At -O2 the call stays: `@twice` is `noinline`.
// O2: call i32 @twice(
// OUT: 42
func.func @twice(%x: i32) -> i32 attributes {passthrough = ["noinline", ["frame-pointer", "all"]], will_return} {
  %y = arith.addi %x, %x : i32
  return %y : i32
}

func.func @main() -> i32 attributes {optimize_none, no_inline} {
  %c21 = arith.constant 21 : i32
  %y = func.call @twice(%c21) : (i32) -> i32
  return %y : i32
}
