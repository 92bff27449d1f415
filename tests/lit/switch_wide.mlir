// `cf.switch` on integers wider than 64 bits. MLIR 19 reads a case value as a 64-bit
// integer (up to 2^64 - 1, down to -(2^63 - 1)) of the flag's type, so 2^64 - 1 is that
// number for an `i128` flag, not -1: kiln keeps it whole, and its JIT, its interpreter and
// MLIR 19's pipeline agree. A value beyond what MLIR reads is refused as MLIR refuses it.
//
// A negative case value of a flag wider than 64 bits is that negative number at the flag's
// width in kiln: `-1` of an `i128` is all ones, as `arith.constant -1 : i128` is. MLIR 19
// zero-extends it from 64 bits instead (`-1` becomes 2^64 - 1, so `-1` beside
// `18446744073709551615` is a duplicate LLVM refuses); the MLIR lines below show it.
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln run %s --entry s 18446744073709551615 | FileCheck %s --check-prefix=ONE
// RUN: %kiln interp %s --entry s 18446744073709551615 | FileCheck %s --check-prefix=ONE
// RUN: %kiln run %s --via-mlir --entry s 18446744073709551615 | FileCheck %s --check-prefix=ONE
// RUN: %kiln run %s --entry s 9223372036854775808 | FileCheck %s --check-prefix=THREE
// RUN: %kiln interp %s --entry s 9223372036854775808 | FileCheck %s --check-prefix=THREE
// RUN: %kiln run %s --via-mlir --entry s 9223372036854775808 | FileCheck %s --check-prefix=THREE
// RUN: %kiln run %s --entry s -- -1 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln run %s --via-mlir --entry s -- -1 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln run %s --entry s 18446744073709551616 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln run %s --via-mlir --entry s 18446744073709551616 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln run %s --entry u -- -1 | FileCheck %s --check-prefix=TWO
// RUN: %kiln interp %s --entry u -- -1 | FileCheck %s --check-prefix=TWO
// RUN: %kiln run %s --entry u 340282366920938463463374607431768211455 | FileCheck %s --check-prefix=TWO
// RUN: %kiln run %s --via-mlir --entry u 18446744073709551615 | FileCheck %s --check-prefix=TWO
// RUN: %kiln run %s --entry t 1267650600228229401496703205375 | FileCheck %s --check-prefix=ONE
// RUN: %kiln interp %s --entry t -- -1 | FileCheck %s --check-prefix=ONE
// RUN: %mlir-opt %s %mlir-lower | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=MLIR-IR
// RUN: not %kiln check %S/Inputs/switch_beyond_64_bits.mlir 2>&1 | FileCheck %s --check-prefix=BEYOND
// RUN: not %mlir-opt %S/Inputs/switch_beyond_64_bits.mlir 2>&1 | FileCheck %s --check-prefix=MLIR

// IR: switch i128 %{{[0-9]+}}, label %{{[a-z0-9.]+}} [
// IR-NEXT: i128 18446744073709551615, label
// IR-NEXT: i128 9223372036854775808, label
// IR: switch i128 %{{[0-9]+}}, label %{{[a-z0-9.]+}} [
// IR-NEXT: i128 -1, label
// IR: switch i100 %{{[0-9]+}}, label %{{[a-z0-9.]+}} [
// IR-NEXT: i100 -1, label
// MLIR-IR: switch i128
// MLIR-IR: switch i128 %{{[0-9]+}}, label %{{[0-9]+}} [
// MLIR-IR-NEXT: i128 18446744073709551615, label
// MLIR-IR: switch i100 %{{[0-9]+}}, label %{{[0-9]+}} [
// MLIR-IR-NEXT: i100 18446744073709551615, label
// ONE: {{^}}1{{$}}
// TWO: {{^}}2{{$}}
// THREE: {{^}}3{{$}}
// ZERO: {{^}}0{{$}}
// BEYOND: case value `18446744073709551616` does not fit in 64 bits
// MLIR: integer value too large

func.func @s(%a: i128) -> i32 {
  %r = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  cf.switch %a : i128, [
    default: ^bb1(%r : i32),
    18446744073709551615: ^bb1(%one : i32),
    9223372036854775808: ^bb1(%three : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

func.func @u(%a: i128) -> i32 {
  %r = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  cf.switch %a : i128, [
    default: ^bb1(%r : i32),
    -1: ^bb1(%two : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

func.func @t(%a: i100) -> i32 {
  %r = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.switch %a : i100, [
    default: ^bb1(%r : i32),
    -1: ^bb1(%one : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}
