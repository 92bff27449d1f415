module {
  llvm.mlir.global internal constant @fmt(dense<[110, 32, 61, 32, 37, 100, 44, 32, 120, 91, 37, 108, 100, 93, 32, 61, 32, 37, 103, 10, 0]> : tensor<21xi8>) {addr_space = 0 : i32} : !llvm.array<21 x i8>
  llvm.mlir.global private constant @hello(dense<[104, 101, 108, 108, 111, 44, 32, 34, 107, 105, 108, 110, 34, 10, 0]> : tensor<15xi8>) {addr_space = 0 : i32} : !llvm.array<15 x i8>
  llvm.mlir.global internal @counter(40 : i64) {addr_space = 0 : i32, alignment = 8 : i64} : i64
  llvm.mlir.global private constant @tbl(dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x array<3 x i32>>
  llvm.mlir.global internal constant @halves(dense<1.5e0> : tensor<4xf32>) {addr_space = 0 : i32} : !llvm.array<4 x f32>
  llvm.func @report(%arg0: i32, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22report\22,\22a\22:[\22i32\22,[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @hello : !llvm.ptr
    %v1 = llvm.call @printf(%v0) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %v3 = llvm.ptrtoint %arg2 : !llvm.ptr to i64
    %v4 = llvm.inttoptr %v3 : i64 to !llvm.ptr
    %v5 = llvm.mlir.constant(2 : i64) : i64
    %v6 = llvm.getelementptr %v4[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    %v8 = llvm.mlir.addressof @fmt : !llvm.ptr
    %v9 = llvm.mlir.constant(0 : i32) : i32
    %v10 = llvm.getelementptr %v8[%v9, %v9] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.array<22 x i8>
    %v12 = llvm.fpext %v7 : f32 to f64
    %v13 = llvm.call @printf(%v10, %arg0, %v5, %v12) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i64, f64) -> i32
    %v14 = llvm.mlir.constant(10 : i32) : i32
    %v15 = llvm.call @putchar(%v14) : (i32) -> i32
    %v16 = llvm.fadd %v7, %v7 : f32
    llvm.return %v16 : f32
  }
  llvm.func @bump(%arg0: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22bump\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @counter : !llvm.ptr
    %v1 = llvm.load %v0 : !llvm.ptr -> i64
    %v3 = llvm.add %v1, %arg0 : i64
    llvm.store %v3, %v0 : i64, !llvm.ptr
    %v4 = llvm.load %v0 : !llvm.ptr -> i64
    %v5 = llvm.add %v4, %arg0 : i64
    llvm.store %v5, %v0 : i64, !llvm.ptr
    %v6 = llvm.mlir.constant(0 : i64) : i64
    %v7 = llvm.inttoptr %v6 : i64 to !llvm.ptr
    %v8 = llvm.ptrtoint %v7 : !llvm.ptr to i64
    %v9 = llvm.add %v5, %v8 : i64
    llvm.return %v9 : i64
  }
  llvm.func @table(%arg0: i64, %arg1: i64) -> i32 attributes {kiln.abi = "{\22name\22:\22table\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @tbl : !llvm.ptr
    %v1 = llvm.mlir.constant(0 : i64) : i64
    %v4 = llvm.getelementptr %v0[%v1, %arg0, %arg1] : (!llvm.ptr, i64, i64, i64) -> !llvm.ptr, !llvm.array<2 x array<3 x i32>>
    %v5 = llvm.load %v4 : !llvm.ptr -> i32
    %v6 = llvm.mlir.addressof @halves : !llvm.ptr
    %v7 = llvm.mlir.constant(3 : i32) : i32
    %v8 = llvm.getelementptr %v6[%v7] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %v9 = llvm.load %v8 : !llvm.ptr -> f32
    %v10 = llvm.fptosi %v9 : f32 to i32
    %v11 = llvm.add %v5, %v10 : i32
    llvm.return %v11 : i32
  }
  llvm.func @apply(%arg0: !llvm.ptr, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22apply\22,\22a\22:[\22unknown\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.call %arg0(%arg1) : !llvm.ptr, (i32) -> i32
    llvm.return %v2 : i32
  }
  llvm.func @through(%arg0: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22through\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @abs : !llvm.ptr
    %v2 = llvm.call @apply(%v0, %arg0) : (!llvm.ptr, i32) -> i32
    llvm.return %v2 : i32
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @putchar(i32) -> i32
  llvm.func @abs(i32) -> i32
}
