module {
  llvm.func @load4(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22load4\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,4,8],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v3 = llvm.mul %arg11, %arg7 : i64
    %v5 = llvm.mlir.constant(32 : i64) : i64
    %v6 = llvm.mul %arg12, %v5 : i64
    %v7 = llvm.add %v3, %v6 : i64
    %v9 = llvm.mlir.constant(8 : i64) : i64
    %v10 = llvm.mul %arg13, %v9 : i64
    %v11 = llvm.add %v7, %v10 : i64
    %v13 = llvm.add %v11, %arg14 : i64
    %v14 = llvm.getelementptr %arg1[%v13] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v15 = llvm.load %v14 : !llvm.ptr -> f32
    llvm.return %v15 : f32
  }
  llvm.func @store4(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: f32, %arg12: i64, %arg13: i64, %arg14: i64, %arg15: i64) attributes {kiln.abi = "{\22name\22:\22store4\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,4,8],\22f32\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[],\22v\22:1}"} {
    %v4 = llvm.mul %arg12, %arg7 : i64
    %v6 = llvm.mlir.constant(32 : i64) : i64
    %v7 = llvm.mul %arg13, %v6 : i64
    %v8 = llvm.add %v4, %v7 : i64
    %v10 = llvm.mlir.constant(8 : i64) : i64
    %v11 = llvm.mul %arg14, %v10 : i64
    %v12 = llvm.add %v8, %v11 : i64
    %v14 = llvm.add %v12, %arg15 : i64
    %v15 = llvm.getelementptr %arg1[%v14] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg11, %v15 : f32, !llvm.ptr
    llvm.return
  }
}
