// Where elaboration places values in loops: a pure value whose operands are available
// outside a loop moves to the loop's preheader (the row offset `i * 1024`), but an address
// stays next to its use (the `getelementptr` of `y[i]` inside the inner loop): at -O0 LLVM
// keeps a hoisted value in a stack slot, and an access through a reloaded pointer ran at
// half the speed (`scripts/bench-noalias.sh`). The program runs as MLIR 19's does.
// RUN: %kiln compile %S/../../bench/kernels/noalias.mlir -O0 --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln compile %S/../../bench/kernels/noalias.mlir --emit mlir-llvm -o - | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=VALID

// IR-LABEL: define void @rowsum(ptr noalias %0, ptr noalias %1)
// IR: mul i64 %{{[0-9]+}}, 1024
// IR-NEXT: br label
// IR: phi i64
// IR: getelementptr i32, ptr %0
// IR-NEXT: load i32
// IR-NEXT: getelementptr i32, ptr %1
// IR-NEXT: load i32
// IR-NEXT: add i32
// IR-NEXT: store i32
// VALID: define void @rowsum(ptr noalias %0, ptr noalias %1)
