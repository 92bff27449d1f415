module {
  llvm.func @row_sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22row_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,4],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(4 : i64) : i64
    %v3 = llvm.mul %arg7, %v2 : i64
    %v4 = llvm.getelementptr %arg1[%v3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v5 = llvm.load %v4 : !llvm.ptr -> f32
    %v6 = llvm.mlir.constant(3 : i64) : i64
    %v7 = llvm.getelementptr %v4[%v6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v8 = llvm.load %v7 : !llvm.ptr -> f32
    %v9 = llvm.fadd %v5, %v8 : f32
    llvm.return %v9 : f32
  }
  llvm.func @column(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22column\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,4],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v4 = llvm.mlir.constant(4 : i64) : i64
    %v5 = llvm.mul %arg8, %v4 : i64
    %v6 = llvm.getelementptr %v2[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    llvm.return %v7 : f32
  }
  llvm.func @fiber(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64) -> !llvm.struct<(i64, f64)> attributes {kiln.abi = "{\22name\22:\22fiber\22,\22a\22:[[\22ndarray\22,\22f64\22,3,null,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22f64\22],\22v\22:1}"} {
    %v3 = llvm.mul %arg9, %arg6 : i64
    %v6 = llvm.mul %arg10, %arg7 : i64
    %v7 = llvm.add %v3, %v6 : i64
    %v8 = llvm.getelementptr %arg1[%v7] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v10 = llvm.getelementptr %v8[%arg12] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v11 = llvm.load %v10 : !llvm.ptr -> f64
    %v12 = llvm.mlir.undef : !llvm.struct<(i64, f64)>
    %v14 = llvm.insertvalue %arg11, %v12[0] : !llvm.struct<(i64, f64)>
    %v15 = llvm.insertvalue %v11, %v14[1] : !llvm.struct<(i64, f64)>
    llvm.return %v15 : !llvm.struct<(i64, f64)>
  }
  llvm.func @element(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i32) attributes {kiln.abi = "{\22name\22:\22element\22,\22a\22:[[\22ndarray\22,\22i32\22,2,3,3],\22i64\22,\22i64\22,\22i32\22],\22r\22:[],\22v\22:1}"} {
    %v3 = llvm.mlir.constant(3 : i64) : i64
    %v4 = llvm.mul %arg7, %v3 : i64
    %v6 = llvm.add %v4, %arg8 : i64
    %v7 = llvm.getelementptr %arg1[%v6] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %arg9, %v7 : i32, !llvm.ptr
    llvm.return
  }
  llvm.func @units(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22units\22,\22a\22:[[\22ndarray\22,\22f32\22,3,1,5,1],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v3 = llvm.load %v2 : !llvm.ptr -> f32
    llvm.return %v3 : f32
  }
}
