// cf.assert: a true condition goes on, a false one prints the message and aborts, as MLIR's
// cf-to-llvm lowers it (kiln also flushes standard output first, so the message reaches a
// pipe). `kiln interp` reports the failed assertion without running native code.
// RUN: %kiln cpu-runner %s -e holds --entry-point-result=i32 | FileCheck %s --check-prefix=HOLDS
// RUN: not --crash %kiln cpu-runner %s -e fails --entry-point-result=void | FileCheck %s --check-prefix=FAILS
// RUN: not %kiln interp %s --entry fails 2>&1 | FileCheck %s --check-prefix=INTERP
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e holds --entry-point-result=i32 | FileCheck %s --check-prefix=HOLDS

// HOLDS: 42
// FAILS: the count must be below 4: "n < 4"
// FAILS-NOT: unreachable
// INTERP: assertion failed: the count must be below 4: "n < 4"
// IR: call i32 @puts(ptr
// IR: call void @abort()
// IR-NEXT: unreachable
module {
  func.func @holds() -> i32 {
    %t = arith.constant true
    cf.assert %t, "never printed"
    %c = arith.constant 42 : i32
    return %c : i32
  }
  func.func @fails() {
    %n = arith.constant 7 : index
    %c4 = arith.constant 4 : index
    %ok = arith.cmpi ult, %n, %c4 : index
    cf.assert %ok, "the count must be below 4: \"n < 4\""
    return
  }
}
