// Integers wider than 64 bits (i128 and odd widths up to 128, as LLVM's iN): literals of
// every value the width holds, arithmetic that wraps at the width, the 256-bit products of
// the extended multiplications, division, shifts, comparisons, casts, and memory of 16-byte
// elements (a global's dense contents, a store and a load), by kiln (JIT and interpreter)
// and by MLIR 19. Each entry folds its 128-bit results into an i64 the runners print.
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e products --entry-point-result=i64 | FileCheck %s --check-prefix=PRODUCTS
// RUN: %kiln cpu-runner %s -O2 -e products --entry-point-result=i64 | FileCheck %s --check-prefix=PRODUCTS
// RUN: %kiln interp %s --entry products | FileCheck %s --check-prefix=PRODUCTS
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e products --entry-point-result=i64 | FileCheck %s --check-prefix=PRODUCTS
// RUN: %kiln cpu-runner %s -e arithmetic --entry-point-result=i64 | FileCheck %s --check-prefix=ARITH
// RUN: %kiln interp %s --entry arithmetic | FileCheck %s --check-prefix=ARITH
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e arithmetic --entry-point-result=i64 | FileCheck %s --check-prefix=ARITH
// RUN: %kiln cpu-runner %s -e floor_division --entry-point-result=i64 | FileCheck %s --check-prefix=FLOOR
// RUN: %kiln interp %s --entry floor_division | FileCheck %s --check-prefix=FLOOR
// RUN: %kiln cpu-runner %s -e memory --entry-point-result=i64 | FileCheck %s --check-prefix=MEMORY
// RUN: %kiln interp %s --entry memory | FileCheck %s --check-prefix=MEMORY
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e memory --entry-point-result=i64 | FileCheck %s --check-prefix=MEMORY
// Wide arguments and results cross the call: two 64-bit slots each, low half first.
// RUN: %kiln run %s --entry mix 85070591730234615865843651857942052864 -633825300114114700748351602688 | FileCheck %s --check-prefix=MIX1
// RUN: %kiln interp %s --entry mix 85070591730234615865843651857942052864 -633825300114114700748351602688 | FileCheck %s --check-prefix=MIX1
// RUN: %kiln run %s --via-mlir --entry mix 85070591730234615865843651857942052864 -633825300114114700748351602688 | FileCheck %s --check-prefix=MIX1
// RUN: %kiln run %s --entry mix -- -1 633825300114114700748351602687 | FileCheck %s --check-prefix=MIX2
// RUN: %kiln interp %s --entry mix -- -1 633825300114114700748351602687 | FileCheck %s --check-prefix=MIX2
// RUN: %kiln run %s --via-mlir --entry mix -- -1 633825300114114700748351602687 | FileCheck %s --check-prefix=MIX2
// An i128 takes its unsigned range too; 2^128 - 1 is -1.
// RUN: %kiln run %s --entry mix 340282366920938463463374607431768211455 1267650600228229401496703205375 | FileCheck %s --check-prefix=MIX3
// RUN: %kiln run %s --via-mlir --entry mix 340282366920938463463374607431768211455 1267650600228229401496703205375 | FileCheck %s --check-prefix=MIX3
// RUN: %kiln run %s --entry mix --input-json '["340282366920938463463374607431768211455", 1]' --output json | FileCheck %s --check-prefix=JSON
// RUN: not %kiln run %s --entry mix 1 1267650600228229401496703205376 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not %kiln run %s --entry mix --input-json '[1e30, 1]' 2>&1 | FileCheck %s --check-prefix=ROUNDED

// IR: @table = private constant [2 x i128] [i128 -170141183460469231731687303715884105728, i128 36893488147419103232]
// IR-LABEL: define i128 @mix(i128 %0, i100 %1)
// IR: mul i256
// IR: add i128 %{{.*}}, 170141183460469231731687303715884105727

// PRODUCTS: 72057593903710207
// ARITH: 6588121165423256721
// FLOOR: -1317624576693538402
// MEMORY: 2305843009213693953
// MIX1: {{^}}170141183302012906703158628528796205055{{$}}
// MIX2: {{^}}-170141182826643931617572602967532503041{{$}}
// MIX3: {{^}}170141183460469231731687303715884105726{{$}}
// JSON: ["{{-?[0-9]+}}"]
// RANGE: `1267650600228229401496703205376` does not fit in i100
// ROUNDED: expected i128, got 1e+30 (an integer beyond 64 bits is written as its decimal text

memref.global "private" constant @table : memref<2xi128> = dense<[-170141183460469231731687303715884105728, 36893488147419103232]>

func.func @mix(%a: i128, %b: i100) -> i128 {
  %wide = arith.extsi %b : i100 to i128
  %lo, %hi = arith.mulsi_extended %a, %wide : i128
  %max = arith.constant 170141183460469231731687303715884105727 : i128
  %s = arith.addi %hi, %max : i128
  %r = arith.xori %s, %lo : i128
  return %r : i128
}

// The high halves of 128-bit products: (2^128 - 1)^2 unsigned, and signed products with
// a negative operand.
func.func @products() -> i64 {
  %ones = arith.constant -1 : i128
  %lo, %hi = arith.mului_extended %ones, %ones : i128
  %m = arith.constant -3 : i128
  %big = arith.constant 85070591730234615865843651857942052864 : i128
  %slo, %shi = arith.mulsi_extended %m, %big : i128
  %b = arith.constant -633825300114114700748351602688 : i100
  %mixed = call @mix(%big, %b) : (i128, i100) -> i128
  %x1 = arith.xori %hi, %shi : i128
  %x2 = arith.addi %x1, %slo : i128
  %x3 = arith.addi %x2, %lo : i128
  %x4 = arith.xori %x3, %mixed : i128
  %c70 = arith.constant 70 : i128
  %top = arith.shrui %x4, %c70 : i128
  %r = arith.trunci %top : i128 to i64
  return %r : i64
}

// Wrapping, division, remainders, shifts and comparisons at 128 bits and at i65.
func.func @arithmetic() -> i64 {
  %a = arith.constant 170141183460469231731687303715884105727 : i128
  %one = arith.constant 1 : i128
  %min = arith.addi %a, %one : i128
  %seven = arith.constant 7 : i128
  %q = arith.divsi %min, %seven : i128
  %r = arith.remsi %min, %seven : i128
  %uq = arith.divui %min, %seven : i128
  // Not of the minimum itself, whose rounded divisions MLIR 19 gets wrong (as at i8: its
  // expansion negates the dividend).
  %five = arith.constant 5 : i128
  %near = arith.addi %min, %five : i128
  %cq = arith.ceildivsi %near, %seven : i128
  %c100 = arith.constant 100 : i128
  %sh = arith.shli %seven, %c100 : i128
  %sr = arith.shrsi %min, %c100 : i128
  %lt = arith.cmpi slt, %min, %a : i128
  %ult = arith.cmpi ult, %min, %a : i128
  %t1 = arith.xori %q, %r : i128
  %t2 = arith.addi %t1, %uq : i128
  %t3 = arith.subi %t2, %cq : i128
  %t5 = arith.addi %t3, %sh : i128
  %t6 = arith.xori %t5, %sr : i128
  %n65 = arith.constant -18446744073709551616 : i65
  %m65 = arith.constant 3 : i65
  %p65 = arith.muli %n65, %m65 : i65
  %e65 = arith.extsi %p65 : i65 to i128
  %t7 = arith.addi %t6, %e65 : i128
  %c64 = arith.constant 64 : i128
  %hi = arith.shrsi %t7, %c64 : i128
  %h = arith.trunci %hi : i128 to i64
  %l = arith.trunci %t7 : i128 to i64
  %x = arith.xori %h, %l : i64
  %lt64 = arith.extui %lt : i1 to i64
  %ult64 = arith.extui %ult : i1 to i64
  %two = arith.constant 2 : i64
  %u2 = arith.muli %ult64, %two : i64
  %flags = arith.addi %lt64, %u2 : i64
  %out = arith.addi %x, %flags : i64
  return %out : i64
}

// Floor division of a negative 128-bit number: checked against the semantics (the
// quotient rounded down, -24305883351495604533098186245126300818 here), not against MLIR
// 19, whose `arith-expand` subtracts one as the constant 2^64 - 1 at widths over 64 bits
// (its `-1` is not sign-extended) and so gets the high half wrong.
func.func @floor(%a: i128, %b: i128) -> i128 {
  %q = arith.floordivsi %a, %b : i128
  return %q : i128
}

func.func @floor_division() -> i64 {
  %n = arith.constant -170141183460469231731687303715884105723 : i128
  %seven = arith.constant 7 : i128
  %q = call @floor(%n, %seven) : (i128, i128) -> i128
  %expected = arith.constant -24305883351495604533098186245126300818 : i128
  %same = arith.cmpi eq, %q, %expected : i128
  %c64 = arith.constant 64 : i128
  %hi = arith.shrsi %q, %c64 : i128
  %h = arith.trunci %hi : i128 to i64
  %one = arith.extui %same : i1 to i64
  %thousand = arith.constant 1000 : i64
  %flag = arith.muli %one, %thousand : i64
  %out = arith.addi %h, %flag : i64
  return %out : i64
}

func.func @odd(%p: i128) -> i128 {
  %c = arith.constant 633825300114114700748351602688 : i100
  %e = arith.trunci %p : i128 to i100
  %s = arith.addi %e, %c : i100
  %w = arith.extsi %s : i100 to i128
  return %w : i128
}

// A global of 16-byte elements, a stack buffer written and read back.
func.func @memory() -> i64 {
  %g = memref.get_global @table : memref<2xi128>
  %m = memref.alloca() : memref<3xi128>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %g[%c0] : memref<2xi128>
  %b = memref.load %g[%c1] : memref<2xi128>
  %fb = call @odd(%b) : (i128) -> i128
  memref.store %fb, %m[%c1] : memref<3xi128>
  %back = memref.load %m[%c1] : memref<3xi128>
  %lo, %hi = arith.mului_extended %back, %a : i128
  %mix = arith.xori %lo, %hi : i128
  %c3 = arith.constant 3 : i128
  %sh = arith.shrui %mix, %c3 : i128
  %cmp = arith.cmpi ult, %a, %back : i128
  %r = arith.trunci %sh : i128 to i64
  %z = arith.extui %cmp : i1 to i64
  %out = arith.addi %r, %z : i64
  return %out : i64
}
