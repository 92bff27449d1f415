// kiln cpu-runner's flags, and its refusals, as mlir-cpu-runner's.
// RUN: %kiln cpu-runner %s -e answer --entry-point-result=i32 | FileCheck %s --check-prefix=I32
// RUN: %kiln cpu-runner %s -e=answer -entry-point-result=i32 -O3 | FileCheck %s --check-prefix=I32
// RUN: %kiln cpu-runner %s -e nothing --entry-point-result=void | count 0
// RUN: not %kiln cpu-runner %s -e answer --entry-point-result=void 2>&1 | FileCheck %s --check-prefix=VOID
// RUN: not %kiln cpu-runner %s -e missing --entry-point-result=void 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %kiln cpu-runner %s --shared-libs=/nonexistent/libx.so 2>&1 | FileCheck %s --check-prefix=LIB
// RUN: not %kiln cpu-runner %s --dump-object-file 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: %kiln cpu-runner < %s | FileCheck %s --check-prefix=DEFAULT

// I32: 42
// VOID: `@answer` has type `() -> i32`; --entry-point-result expects a void function
// MISSING: missing
// LIB: cannot load `/nonexistent/libx.so`
// FLAG: kiln cpu-runner does not implement `-dump-object-file`
// DEFAULT: 2.500000e-01
func.func @answer() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}

func.func @nothing() {
  return
}

func.func @main() -> f32 {
  %c = arith.constant 0.25 : f32
  return %c : f32
}
