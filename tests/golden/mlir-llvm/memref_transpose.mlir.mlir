module {
  llvm.func @element(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22element\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,3],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v3 = llvm.mlir.constant(3 : i64) : i64
    %v4 = llvm.mul %arg8, %v3 : i64
    %v5 = llvm.add %arg7, %v4 : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    llvm.return %v7 : f32
  }
  llvm.func @rotate(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64) -> !llvm.struct<(i64, i32)> attributes {kiln.abi = "{\22name\22:\22rotate\22,\22a\22:[[\22ndarray\22,\22i32\22,3,null,null,null],\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i32\22],\22v\22:1}"} {
    %v4 = llvm.mul %arg10, %arg6 : i64
    %v5 = llvm.add %arg9, %v4 : i64
    %v8 = llvm.mul %arg11, %arg7 : i64
    %v9 = llvm.add %v5, %v8 : i64
    %v10 = llvm.getelementptr %arg1[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v11 = llvm.load %v10 : !llvm.ptr -> i32
    %v12 = llvm.mlir.undef : !llvm.struct<(i64, i32)>
    %v14 = llvm.insertvalue %arg5, %v12[0] : !llvm.struct<(i64, i32)>
    %v15 = llvm.insertvalue %v11, %v14[1] : !llvm.struct<(i64, i32)>
    llvm.return %v15 : !llvm.struct<(i64, i32)>
  }
  llvm.func @twice(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64) -> f64 attributes {kiln.abi = "{\22name\22:\22twice\22,\22a\22:[[\22ndarray\22,\22f64\22,2,null,null],\22i64\22,\22i64\22],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v5 = llvm.mul %arg7, %arg5 : i64
    %v7 = llvm.add %v5, %arg8 : i64
    %v8 = llvm.getelementptr %v2[%v7] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v9 = llvm.load %v8 : !llvm.ptr -> f64
    llvm.return %v9 : f64
  }
}
