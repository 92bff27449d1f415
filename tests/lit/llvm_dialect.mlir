// The LLVM dialect in input: `printf` declared as a variadic `llvm.func`, its format string
// an `llvm.mlir.global`, a mutable global read and written through `llvm.load`/`llvm.store`,
// bytes reached with `llvm.getelementptr`. kiln passes these operations through as MLIR 19
// does, and both pipelines print the same.
// RUN: %kiln opt %s --convert-to-llvm | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i32 | FileCheck %s --check-prefix=MLIR

// DIALECT: llvm.mlir.global internal constant @fmt
// DIALECT: llvm.call @printf(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f64) -> i32
// DIALECT: llvm.func @printf(!llvm.ptr, ...) -> i32
// IR: @fmt = internal constant [16 x i8] c"x = %d, y = %f\0A\00"
// IR: call i32 (ptr, ...) @printf(
// IR: call i32 @puts(ptr @note)
// IR: declare i32 @printf(ptr, ...)
// The program's own output comes first, then the result: 7 + 42 + bytes[8] (5) = 54.
// OUT: x = 42, y = 2.500000
// OUT-NEXT: count = 49
// OUT-NEXT: through a pointer
// OUT-NEXT: 54
// mlir-cpu-runner prints its result before C's buffered output reaches the pipe.
// MLIR-DAG: x = 42, y = 2.500000
// MLIR-DAG: count = 49
// MLIR-DAG: through a pointer
// MLIR-DAG: {{^}}54
module {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.mlir.global internal constant @fmt("x = %d, y = %f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @fmt2("count = %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global external @counter(7 : i32) {addr_space = 0 : i32} : i32
  llvm.mlir.global internal constant @note("through a pointer\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @bytes("\01\00\00\00\02\00\00\00\05\00\00\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.getelementptr %f[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<16 x i8>
    %x = arith.constant 42 : i32
    %y = arith.constant 2.5 : f64
    %r = llvm.call @printf(%p, %x, %y) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f64) -> i32
    %g = llvm.mlir.addressof @counter : !llvm.ptr
    %v = llvm.load %g {alignment = 4 : i64} : !llvm.ptr -> i32
    %w = arith.addi %v, %x : i32
    llvm.store %w, %g : i32, !llvm.ptr
    %w64 = arith.extsi %w : i32 to i64
    %f2 = llvm.mlir.addressof @fmt2 : !llvm.ptr
    %r2 = llvm.call @printf(%f2, %w64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    // `puts` called through its address.
    %puts = llvm.mlir.addressof @puts : !llvm.ptr
    %note = llvm.mlir.addressof @note : !llvm.ptr
    %r3 = llvm.call %puts(%note) : !llvm.ptr, (!llvm.ptr) -> i32
    %b = llvm.mlir.addressof @bytes : !llvm.ptr
    %c0 = llvm.mlir.constant(0 : index) : i64
    %e = llvm.getelementptr inbounds %b[%c0, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<3 x i32>
    %ev = llvm.load %e : !llvm.ptr -> i32
    %z = llvm.mlir.zero : !llvm.ptr
    %zi = llvm.ptrtoint %z : !llvm.ptr to i64
    %zp = llvm.inttoptr %zi : i64 to !llvm.ptr
    %s = arith.addi %w, %ev : i32
    return %s : i32
  }
}
