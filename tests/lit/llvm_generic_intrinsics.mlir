// The intrinsics the LLVM dialect writes in generic form only, as `convert-math-to-llvm`
// leaves them (`"llvm.intr.ctlz"(%x) <{is_zero_poison = false}>`): they mean `math.ctlz`,
// `math.cttz` and `math.absi`. kiln's JIT, its interpreter and MLIR 19's pipeline agree on
// zero and on the smallest integer; `kiln fmt` keeps the generic form, which mlir-opt reads.
// Known operations in generic form keep their flags too.
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln run %s --entry f 0 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln interp %s --entry f 0 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln run %s --via-mlir --entry f 0 | FileCheck %s --check-prefix=ZERO
// RUN: %kiln run %s --entry f -2147483648 | FileCheck %s --check-prefix=MIN
// RUN: %kiln interp %s --entry f -2147483648 | FileCheck %s --check-prefix=MIN
// RUN: %kiln run %s --via-mlir --entry f -2147483648 | FileCheck %s --check-prefix=MIN
// RUN: %kiln fmt %s | %mlir-opt | FileCheck %s --check-prefix=FMT
// RUN: not %kiln check %S/Inputs/ctlz_custom_form.mlir 2>&1 | FileCheck %s --check-prefix=CUSTOM

// IR: call i32 @llvm.ctlz.i32(i32 %{{[0-9]+}}, i1 false)
// IR: call i32 @llvm.cttz.i32(i32 %{{[0-9]+}}, i1 false)
// IR: call i32 @llvm.abs.i32(i32 %{{[0-9]+}}, i1 false)
// IR: add nsw i32 %{{[0-9]+}}, 0
// IR: fmul nnan float
// ZERO: {{^}}32{{$}}
// ZERO-NEXT: {{^}}32{{$}}
// ZERO-NEXT: {{^}}0{{$}}
// ZERO-NEXT: {{^}}0{{$}}
// MIN: {{^}}0{{$}}
// MIN-NEXT: {{^}}31{{$}}
// MIN-NEXT: {{^}}-2147483648{{$}}
// MIN-NEXT: {{^}}0{{$}}
// FMT: "llvm.intr.ctlz"(%{{.*}}) <{is_zero_poison = false}> : (i32) -> i32
// FMT: "llvm.intr.cttz"(%{{.*}}) <{is_zero_poison = false}> : (i32) -> i32
// FMT: "llvm.intr.abs"(%{{.*}}) <{is_int_min_poison = false}> : (i32) -> i32
// FMT: arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i32
// CUSTOM: `llvm.intr.ctlz` has no custom form

func.func @f(%x: i32) -> (i32, i32, i32, i32) {
  %0 = "llvm.intr.ctlz"(%x) <{is_zero_poison = false}> : (i32) -> i32
  %1 = "llvm.intr.cttz"(%x) <{is_zero_poison = false}> : (i32) -> i32
  %2 = "llvm.intr.abs"(%x) <{is_int_min_poison = false}> : (i32) -> i32
  %zero = arith.constant 0 : i32
  %3 = "arith.addi"(%x, %zero) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %4 = arith.subi %3, %x : i32
  return %0, %1, %2, %4 : i32, i32, i32, i32
}

func.func @g(%a: f32) -> f32 {
  %0 = "arith.mulf"(%a, %a) <{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32
  return %0 : f32
}
