module {
  llvm.mlir.global private constant @table(dense<[[1.5e0, 2.0e0, -3.25e0], [4.0e0, 5.5e0, 6.0e0]]> : tensor<2x3xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<2 x array<3 x f32>>
  llvm.mlir.global private constant @splat(dense<-7> : tensor<4xi16>) {addr_space = 0 : i32} : !llvm.array<4 x i16>
  llvm.mlir.global external @counter(0 : i64) {addr_space = 0 : i32} : i64
  llvm.mlir.global private @scratch() {addr_space = 0 : i32} : !llvm.array<3 x i64> {
    %0 = llvm.mlir.undef : !llvm.array<3 x i64>
    llvm.return %0 : !llvm.array<3 x i64>
  }
  llvm.mlir.global private constant @flags(dense<[true, false, true]> : tensor<3xi1>) {addr_space = 0 : i32} : !llvm.array<3 x i1>
  llvm.mlir.global private constant @bytes(dense<[1, 2]> : tensor<2xi32>) {addr_space = 0 : i32} : !llvm.array<2 x i32>
  llvm.func @lookup(%arg0: i64, %arg1: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22lookup\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @table : !llvm.ptr
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v3 = llvm.mul %arg0, %v2 : i64
    %v5 = llvm.add %v3, %arg1 : i64
    %v6 = llvm.getelementptr %v0[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    llvm.return %v7 : f32
  }
  llvm.func @splat_sum() -> i16 attributes {kiln.abi = "{\22name\22:\22splat_sum\22,\22a\22:[],\22r\22:[\22i16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @splat : !llvm.ptr
    %v1 = llvm.load %v0 : !llvm.ptr -> i16
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v3 = llvm.getelementptr %v0[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, i16
    %v4 = llvm.load %v3 : !llvm.ptr -> i16
    %v5 = llvm.add %v1, %v4 : i16
    llvm.return %v5 : i16
  }
  llvm.func @bump(%arg0: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22bump\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @counter : !llvm.ptr
    %v1 = llvm.load %v0 : !llvm.ptr -> i64
    %v3 = llvm.add %v1, %arg0 : i64
    llvm.store %v3, %v0 : i64, !llvm.ptr
    llvm.return %v3 : i64
  }
  llvm.func @twice() -> i64 attributes {kiln.abi = "{\22name\22:\22twice\22,\22a\22:[],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.call @bump(%v0) : (i64) -> i64
    %v2 = llvm.call @bump(%v0) : (i64) -> i64
    %v3 = llvm.add %v1, %v2 : i64
    llvm.return %v3 : i64
  }
  llvm.func @scratch_roundtrip(%arg0: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22scratch_roundtrip\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.mlir.addressof @scratch : !llvm.ptr
    %v2 = llvm.mlir.constant(2 : i64) : i64
    %v3 = llvm.getelementptr %v1[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %arg0, %v3 : i64, !llvm.ptr
    %v4 = llvm.load %v3 : !llvm.ptr -> i64
    llvm.return %v4 : i64
  }
  llvm.func @flag(%arg0: i64) -> i1 attributes {kiln.abi = "{\22name\22:\22flag\22,\22a\22:[\22i64\22],\22r\22:[\22i1\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @flags : !llvm.ptr
    %v2 = llvm.getelementptr %v0[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i1
    %v3 = llvm.load %v2 : !llvm.ptr -> i1
    llvm.return %v3 : i1
  }
  llvm.func @hex(%arg0: i64) -> i32 attributes {kiln.abi = "{\22name\22:\22hex\22,\22a\22:[\22i64\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @bytes : !llvm.ptr
    %v2 = llvm.getelementptr %v0[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v3 = llvm.load %v2 : !llvm.ptr -> i32
    llvm.return %v3 : i32
  }
  llvm.func @row_sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22row_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,3],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v3 = llvm.mul %arg7, %v2 : i64
    %v4 = llvm.getelementptr %arg1[%v3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v5 = llvm.load %v4 : !llvm.ptr -> f32
    %v6 = llvm.mlir.constant(1 : i64) : i64
    %v7 = llvm.add %v3, %v6 : i64
    %v8 = llvm.getelementptr %arg1[%v7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v9 = llvm.load %v8 : !llvm.ptr -> f32
    %v10 = llvm.mlir.constant(2 : i64) : i64
    %v11 = llvm.add %v3, %v10 : i64
    %v12 = llvm.getelementptr %arg1[%v11] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v13 = llvm.load %v12 : !llvm.ptr -> f32
    %v14 = llvm.fadd %v5, %v9 : f32
    %v15 = llvm.fadd %v14, %v13 : f32
    llvm.return %v15 : f32
  }
  llvm.func @table_row(%arg0: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22table_row\22,\22a\22:[\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(3735928559 : i64) : i64
    %v1 = llvm.inttoptr %v0 : i64 to !llvm.ptr
    %v2 = llvm.mlir.addressof @table : !llvm.ptr
    %v3 = llvm.mlir.constant(0 : i64) : i64
    %v4 = llvm.mlir.constant(2 : i64) : i64
    %v5 = llvm.mlir.constant(3 : i64) : i64
    %v6 = llvm.mlir.constant(1 : i64) : i64
    %v8 = llvm.call @row_sum(%v1, %v2, %v3, %v4, %v5, %v5, %v6, %arg0) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64) -> f32
    llvm.return %v8 : f32
  }
}
