// `cf.switch` on integers wider than 64 bits, with case values of the flag's whole width
// (signed or unsigned as written, read as the width's bits: 2^128 - 1 is -1). kiln's JIT
// and its interpreter agree. MLIR 19's parser refuses case values beyond
// 64 bits ("integer value too large"), so kiln's `opt` output of this file is LLVM IR's
// business only: `mlir-translate-19` cannot read it back.
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln run %s --entry s 18446744073709551616 | FileCheck %s --check-prefix=ONE
// RUN: %kiln interp %s --entry s 18446744073709551616 | FileCheck %s --check-prefix=ONE
// RUN: %kiln run %s --entry s -- -170141183460469231731687303715884105728 | FileCheck %s --check-prefix=TWO
// RUN: %kiln interp %s --entry s -- -170141183460469231731687303715884105728 | FileCheck %s --check-prefix=TWO
// RUN: %kiln run %s --entry s 340282366920938463463374607431768211455 | FileCheck %s --check-prefix=THREE
// RUN: %kiln interp %s --entry s -- -1 | FileCheck %s --check-prefix=THREE
// RUN: %kiln run %s --entry s 18446744073709551615 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln interp %s --entry s 18446744073709551615 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln run %s --entry t 1267650600228229401496703205375 | FileCheck %s --check-prefix=ONE
// RUN: %kiln interp %s --entry t -- -1 | FileCheck %s --check-prefix=ONE
// RUN: not %mlir-opt %s 2>&1 | FileCheck %s --check-prefix=MLIR

// IR: switch i128 %{{[0-9]+}}, label %{{[a-z0-9.]+}} [
// IR-NEXT: i128 18446744073709551616, label
// IR-NEXT: i128 -170141183460469231731687303715884105728, label
// IR-NEXT: i128 -1, label
// IR: switch i100 %{{[0-9]+}}, label %{{[a-z0-9.]+}} [
// IR-NEXT: i100 -1, label
// ONE: {{^}}1{{$}}
// TWO: {{^}}2{{$}}
// THREE: {{^}}3{{$}}
// ZERO: {{^}}0{{$}}
// MLIR: integer value too large

func.func @s(%a: i128) -> i32 {
  %r = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  cf.switch %a : i128, [
    default: ^bb1(%r : i32),
    18446744073709551616: ^bb1(%one : i32),
    -170141183460469231731687303715884105728: ^bb1(%two : i32),
    340282366920938463463374607431768211455: ^bb1(%three : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

func.func @t(%a: i100) -> i32 {
  %r = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.switch %a : i100, [
    default: ^bb1(%r : i32),
    1267650600228229401496703205375: ^bb1(%one : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}
