module {
  llvm.func @add8(%arg0: i8, %arg1: i8) -> !llvm.struct<(i8, i1)> attributes {kiln.abi = "{\22name\22:\22add8\22,\22a\22:[\22i8\22,\22i8\22],\22r\22:[\22i8\22,\22i1\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i8, i1)>
    %v3 = llvm.add %arg0, %arg1 : i8
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i8, i1)>
    %v5 = llvm.icmp "ult" %v3, %arg0 : i8
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i8, i1)>
    llvm.return %v6 : !llvm.struct<(i8, i1)>
  }
  llvm.func @mul32(%arg0: i32, %arg1: i32) -> !llvm.struct<(i32, i32, i32, i32)> attributes {kiln.abi = "{\22name\22:\22mul32\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22,\22i32\22,\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i32, i32, i32)>
    %v3 = llvm.mul %arg0, %arg1 : i32
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i32, i32, i32, i32)>
    %v5 = llvm.sext %arg0 : i32 to i64
    %v6 = llvm.sext %arg1 : i32 to i64
    %v7 = llvm.mul %v5, %v6 : i64
    %v8 = llvm.mlir.constant(32 : i64) : i64
    %v9 = llvm.lshr %v7, %v8 : i64
    %v10 = llvm.trunc %v9 : i64 to i32
    %v11 = llvm.insertvalue %v10, %v4[1] : !llvm.struct<(i32, i32, i32, i32)>
    %v12 = llvm.insertvalue %v3, %v11[2] : !llvm.struct<(i32, i32, i32, i32)>
    %v13 = llvm.zext %arg0 : i32 to i64
    %v14 = llvm.zext %arg1 : i32 to i64
    %v15 = llvm.mul %v13, %v14 : i64
    %v16 = llvm.lshr %v15, %v8 : i64
    %v17 = llvm.trunc %v16 : i64 to i32
    %v18 = llvm.insertvalue %v17, %v12[3] : !llvm.struct<(i32, i32, i32, i32)>
    llvm.return %v18 : !llvm.struct<(i32, i32, i32, i32)>
  }
  llvm.func @mul64(%arg0: i64, %arg1: i64) -> !llvm.struct<(i64, i64, i64, i64)> attributes {kiln.abi = "{\22name\22:\22mul64\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64)>
    %v3 = llvm.mul %arg0, %arg1 : i64
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i64, i64, i64, i64)>
    %v5 = llvm.sext %arg0 : i64 to i128
    %v6 = llvm.sext %arg1 : i64 to i128
    %v7 = llvm.mul %v5, %v6 : i128
    %v8 = llvm.mlir.constant(64 : i128) : i128
    %v9 = llvm.lshr %v7, %v8 : i128
    %v10 = llvm.trunc %v9 : i128 to i64
    %v11 = llvm.insertvalue %v10, %v4[1] : !llvm.struct<(i64, i64, i64, i64)>
    %v12 = llvm.insertvalue %v3, %v11[2] : !llvm.struct<(i64, i64, i64, i64)>
    %v13 = llvm.zext %arg0 : i64 to i128
    %v14 = llvm.zext %arg1 : i64 to i128
    %v15 = llvm.mul %v13, %v14 : i128
    %v16 = llvm.lshr %v15, %v8 : i128
    %v17 = llvm.trunc %v16 : i128 to i64
    %v18 = llvm.insertvalue %v17, %v12[3] : !llvm.struct<(i64, i64, i64, i64)>
    llvm.return %v18 : !llvm.struct<(i64, i64, i64, i64)>
  }
  llvm.func @add128(%arg0: i64, %arg1: i64, %arg2: i64, %arg3: i64) -> !llvm.struct<(i64, i64)> attributes {kiln.abi = "{\22name\22:\22add128\22,\22a\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i64, i64)>
    %v3 = llvm.add %arg0, %arg2 : i64
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i64, i64)>
    %v7 = llvm.add %arg1, %arg3 : i64
    %v8 = llvm.icmp "ult" %v3, %arg0 : i64
    %v9 = llvm.zext %v8 : i1 to i64
    %v10 = llvm.add %v7, %v9 : i64
    %v11 = llvm.insertvalue %v10, %v4[1] : !llvm.struct<(i64, i64)>
    llvm.return %v11 : !llvm.struct<(i64, i64)>
  }
}
