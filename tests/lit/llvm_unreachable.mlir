// `llvm.unreachable`, the terminator MLIR's `convert-cf-to-llvm` leaves after the `abort` of
// a failed `cf.assert`, and which a switch's impossible default may hold: kiln compiles it to
// LLVM's `unreachable`, and `kiln interp` reports reaching it as undefined behaviour.
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln run %s --entry pick 1 | FileCheck %s --check-prefix=ONE
// RUN: %kiln interp %s --entry pick 1 | FileCheck %s --check-prefix=ONE
// RUN: %kiln run %s --via-mlir --entry pick 1 | FileCheck %s --check-prefix=ONE
// RUN: not %kiln interp %s --entry pick 5 2>&1 | FileCheck %s --check-prefix=UB
// RUN: %kiln fmt %s | %mlir-opt | FileCheck %s --check-prefix=FMT
// RUN: %kiln compile %s --emit mlir-llvm -o - | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %mlir-opt --convert-cf-to-llvm %S/Inputs/assert.mlir | %kiln compile - --emit llvm-ir -o - | FileCheck %s --check-prefix=ASSERT
// RUN: %mlir-opt --convert-cf-to-llvm %S/Inputs/assert.mlir | %kiln run - --entry checked 7 | FileCheck %s --check-prefix=SQUARE

// IR-LABEL: @pick(
// IR: unreachable
// ONE: {{^}}20{{$}}
// UB: control reached `llvm.unreachable`
// FMT: llvm.unreachable
// ASSERT: call void @abort()
// ASSERT-NEXT: unreachable
// SQUARE: {{^}}49{{$}}

func.func @pick(%x: i32) -> i32 {
  llvm.switch %x : i32, ^impossible [
    0: ^zero,
    1: ^one
  ]
^zero:
  %a = arith.constant 10 : i32
  return %a : i32
^one:
  %b = arith.constant 20 : i32
  return %b : i32
^impossible:
  llvm.unreachable
}
