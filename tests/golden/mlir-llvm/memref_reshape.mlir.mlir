module {
  llvm.func @split(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22split\22,\22a\22:[[\22ndarray\22,\22f32\22,1,12],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(4 : i64) : i64
    %v3 = llvm.mul %arg5, %v2 : i64
    %v5 = llvm.add %v3, %arg6 : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    llvm.return %v7 : f32
  }
  llvm.func @split_dynamic(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64) -> !llvm.struct<(i64, i32)> attributes {kiln.abi = "{\22name\22:\22split_dynamic\22,\22a\22:[[\22ndarray\22,\22i32\22,2,null,5],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(10 : i64) : i64
    %v3 = llvm.mul %arg8, %v2 : i64
    %v5 = llvm.mlir.constant(5 : i64) : i64
    %v6 = llvm.mul %arg9, %v5 : i64
    %v7 = llvm.add %v3, %v6 : i64
    %v9 = llvm.add %v7, %arg10 : i64
    %v10 = llvm.getelementptr %arg1[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v11 = llvm.load %v10 : !llvm.ptr -> i32
    %v12 = llvm.mlir.undef : !llvm.struct<(i64, i32)>
    %v14 = llvm.insertvalue %arg7, %v12[0] : !llvm.struct<(i64, i32)>
    %v15 = llvm.insertvalue %v11, %v14[1] : !llvm.struct<(i64, i32)>
    llvm.return %v15 : !llvm.struct<(i64, i32)>
  }
  llvm.func @join(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64) -> f64 attributes {kiln.abi = "{\22name\22:\22join\22,\22a\22:[[\22ndarray\22,\22f64\22,3,2,3,4],\22i64\22,\22i64\22],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(4 : i64) : i64
    %v3 = llvm.mul %arg9, %v2 : i64
    %v5 = llvm.add %v3, %arg10 : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v7 = llvm.load %v6 : !llvm.ptr -> f64
    llvm.return %v7 : f64
  }
  llvm.func @join_dynamic(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> !llvm.struct<(i64, i64)> attributes {kiln.abi = "{\22name\22:\22join_dynamic\22,\22a\22:[[\22ndarray\22,\22i64\22,2,null,null],\22i64\22],\22r\22:[\22i64\22,\22i64\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg7] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v3 = llvm.load %v2 : !llvm.ptr -> i64
    %v4 = llvm.mlir.undef : !llvm.struct<(i64, i64)>
    %v7 = llvm.mul %arg3, %arg4 : i64
    %v8 = llvm.insertvalue %v7, %v4[0] : !llvm.struct<(i64, i64)>
    %v9 = llvm.insertvalue %v3, %v8[1] : !llvm.struct<(i64, i64)>
    llvm.return %v9 : !llvm.struct<(i64, i64)>
  }
  llvm.func @join_rows(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22join_rows\22,\22a\22:[[\22ndarray\22,\22f32\22,2,3,4],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(2 : i64) : i64
    %v2 = llvm.getelementptr %arg1[%v1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v4 = llvm.mlir.constant(6 : i64) : i64
    %v5 = llvm.mul %arg7, %v4 : i64
    %v6 = llvm.add %v5, %v1 : i64
    %v7 = llvm.mlir.constant(1 : i64) : i64
    %v8 = llvm.add %v6, %v7 : i64
    %v9 = llvm.getelementptr %v2[%v8] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v10 = llvm.load %v9 : !llvm.ptr -> f32
    llvm.return %v10 : f32
  }
  llvm.func @join_unit(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22join_unit\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,1],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(5 : i64) : i64
    %v3 = llvm.mul %arg7, %v2 : i64
    %v4 = llvm.getelementptr %arg1[%v3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v5 = llvm.load %v4 : !llvm.ptr -> f32
    llvm.return %v5 : f32
  }
  llvm.func @join_strided(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22join_strided\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v6 = llvm.intr.smin(%arg5, %arg6) : (i64, i64) -> i64
    %v7 = llvm.mul %arg7, %v6 : i64
    %v8 = llvm.getelementptr %v2[%v7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v9 = llvm.load %v8 : !llvm.ptr -> f32
    llvm.return %v9 : f32
  }
  llvm.func @scalar(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> i32 attributes {kiln.abi = "{\22name\22:\22scalar\22,\22a\22:[[\22ndarray\22,\22i32\22,2,1,1]],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> i32
    llvm.return %v1 : i32
  }
  llvm.func @round_trip(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i32) attributes {kiln.abi = "{\22name\22:\22round_trip\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,6],\22i32\22],\22r\22:[],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(11 : i64) : i64
    %v3 = llvm.getelementptr %arg1[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %arg7, %v3 : i32, !llvm.ptr
    llvm.return
  }
}
