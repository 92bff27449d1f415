// Parameter and result attributes on `llvm.func` declarations, as MLIR's
// `--convert-func-to-llvm` writes them for a `func.func` declaration that has them: the
// callee is declared with them in LLVM IR (an `i8 signext` argument is widened by the
// caller on x86-64), and calls run as MLIR's do.
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: %kiln fmt %s | FileCheck %s --check-prefix=FMT
// RUN: not %kiln check %S/Inputs/llvm_decl_attrs_bad.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// IR-DAG: declare noundef i32 @abs(i32 noundef)
// IR-DAG: declare i32 @toupper(i32 signext)
// abs(-41) + toupper('a') = 41 + 65
// OUT: {{^}}106
// FMT: llvm.func @abs(i32 {llvm.noundef}) -> (i32 {llvm.noundef})
// BAD: `llvm.zeroext` on parameter 0 of `@f` needs an integer in LLVM, and `!llvm.ptr` does not become one
module {
  llvm.func @abs(i32 {llvm.noundef}) -> (i32 {llvm.noundef})
  llvm.func @toupper(i32 {llvm.signext}) -> i32
  llvm.func @main() -> i32 {
    %m = llvm.mlir.constant(-41 : i32) : i32
    %a = llvm.call @abs(%m) : (i32) -> i32
    %c = llvm.mlir.constant(97 : i32) : i32
    %u = llvm.call @toupper(%c) : (i32) -> i32
    %s = llvm.add %a, %u : i32
    llvm.return %s : i32
  }
}
