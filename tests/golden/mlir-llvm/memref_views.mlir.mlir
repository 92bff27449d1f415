module {
  llvm.func @window(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22window\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v3 = llvm.mul %arg7, %arg5 : i64
    %v4 = llvm.mlir.constant(1 : i64) : i64
    %v5 = llvm.add %v3, %v4 : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v8 = llvm.mul %arg9, %arg5 : i64
    %v10 = llvm.mlir.constant(2 : i64) : i64
    %v11 = llvm.mul %arg10, %v10 : i64
    %v12 = llvm.add %v8, %v11 : i64
    %v13 = llvm.getelementptr %v6[%v12] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v14 = llvm.load %v13 : !llvm.ptr -> f32
    llvm.return %v14 : f32
  }
  llvm.func @metadata(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> !llvm.struct<(i64, i64, i64, i64, i64)> attributes {kiln.abi = "{\22name\22:\22metadata\22,\22a\22:[[\22ndarray\22,\22i32\22,2,3,null]],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64, i64)>
    %v2 = llvm.insertvalue %arg2, %v0[0] : !llvm.struct<(i64, i64, i64, i64, i64)>
    %v3 = llvm.mlir.constant(3 : i64) : i64
    %v4 = llvm.insertvalue %v3, %v2[1] : !llvm.struct<(i64, i64, i64, i64, i64)>
    %v6 = llvm.insertvalue %arg4, %v4[2] : !llvm.struct<(i64, i64, i64, i64, i64)>
    %v8 = llvm.insertvalue %arg5, %v6[3] : !llvm.struct<(i64, i64, i64, i64, i64)>
    %v9 = llvm.mlir.constant(1 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[4] : !llvm.struct<(i64, i64, i64, i64, i64)>
    llvm.return %v10 : !llvm.struct<(i64, i64, i64, i64, i64)>
  }
  llvm.func @transpose_store(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22transpose_store\22,\22a\22:[[\22ndarray\22,\22i64\22,1,6]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(5 : i64) : i64
    %v2 = llvm.getelementptr %arg1[%v1] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v3 = llvm.load %v2 : !llvm.ptr -> i64
    %v4 = llvm.mlir.constant(100 : i64) : i64
    %v5 = llvm.mlir.constant(1 : i64) : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %v4, %v6 : i64, !llvm.ptr
    llvm.return %v3 : i64
  }
}
