module {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @putchar(i32) -> i32
  llvm.func @abs(i32) -> i32
  llvm.mlir.global internal constant @fmt("n = %d, x[%ld] = %g\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @hello("hello, \22kiln\22\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal @counter(40 : i64) {addr_space = 0 : i32, alignment = 8 : i64} : i64
  llvm.mlir.global private constant @tbl(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x array<3 x i32>>
  llvm.mlir.global internal constant @halves(dense<1.5> : tensor<4xf32>) {addr_space = 0 : i32} : !llvm.array<4 x f32>
  func.func @report(%n: i32, %m: memref<4xf32>) -> f32 {
    %h = llvm.mlir.addressof @hello : !llvm.ptr
    %0 = llvm.call @printf(%h) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %base = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index
    %addr = arith.index_cast %base : index to i64
    %p = llvm.inttoptr %addr : i64 to !llvm.ptr
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %e = llvm.getelementptr inbounds %p[%c2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %e {alignment = 4 : i64} : !llvm.ptr -> f32
    %xd = arith.extf %x : f32 to f64
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %fp = llvm.getelementptr %f[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<22 x i8>
    %1 = llvm.call @printf(%fp, %n, %c2, %xd) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i64, f64) -> i32
    %nl = llvm.mlir.constant(10 : i32) : i32
    %2 = llvm.call @putchar(%nl) : (i32) -> i32
    %y = arith.addf %x, %x : f32
    func.return %y : f32
  }
  func.func @bump(%k: i64) -> i64 {
    %g = llvm.mlir.addressof @counter : !llvm.ptr
    %v = llvm.load %g : !llvm.ptr -> i64
    %w = arith.addi %v, %k : i64
    llvm.store %w, %g {alignment = 8 : i64} : i64, !llvm.ptr
    %v2 = llvm.load %g : !llvm.ptr -> i64
    %w2 = arith.addi %v2, %k : i64
    llvm.store %w2, %g : i64, !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %z = llvm.ptrtoint %null : !llvm.ptr to i64
    %r = arith.addi %w2, %z : i64
    func.return %r : i64
  }
  func.func @table(%i: i64, %j: i64) -> i32 {
    %t = llvm.mlir.addressof @tbl : !llvm.ptr
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %p = llvm.getelementptr %t[%c0, %i, %j] : (!llvm.ptr, i64, i64, i64) -> !llvm.ptr, !llvm.array<2 x array<3 x i32>>
    %v = llvm.load %p : !llvm.ptr -> i32
    %o = llvm.mlir.addressof @halves : !llvm.ptr
    %q = llvm.getelementptr %o[3] : (!llvm.ptr) -> !llvm.ptr, f32
    %f = llvm.load %q : !llvm.ptr -> f32
    %fi = arith.fptosi %f : f32 to i32
    %r = arith.addi %v, %fi : i32
    func.return %r : i32
  }
  func.func @apply(%f: !llvm.ptr, %x: i32) -> i32 {
    %r = llvm.call %f(%x) : !llvm.ptr, (i32) -> i32
    func.return %r : i32
  }
  func.func @through(%x: i32) -> i32 {
    %f = llvm.mlir.addressof @abs : !llvm.ptr
    %r = func.call @apply(%f, %x) : (!llvm.ptr, i32) -> i32
    func.return %r : i32
  }
}
