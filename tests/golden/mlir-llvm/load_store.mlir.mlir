module {
  llvm.func @static_2d(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22static_2d\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,8],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(8 : i64) : i64
    %v3 = llvm.mul %arg7, %v2 : i64
    %v5 = llvm.add %v3, %arg8 : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    llvm.return %v7 : f32
  }
  llvm.func @dynamic_2d(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: f32) attributes {kiln.abi = "{\22name\22:\22dynamic_2d\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22i64\22,\22i64\22,\22f32\22],\22r\22:[],\22v\22:1}"} {
    %v4 = llvm.mul %arg7, %arg5 : i64
    %v6 = llvm.add %v4, %arg8 : i64
    %v7 = llvm.getelementptr %arg1[%v6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg9, %v7 : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @strided_static(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22strided_static\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,8],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(4 : i64) : i64
    %v2 = llvm.getelementptr %arg1[%v1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v4 = llvm.mlir.constant(16 : i64) : i64
    %v5 = llvm.mul %arg7, %v4 : i64
    %v7 = llvm.add %v5, %arg8 : i64
    %v8 = llvm.getelementptr %v2[%v7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v9 = llvm.load %v8 : !llvm.ptr -> f32
    llvm.return %v9 : f32
  }
  llvm.func @strided_dynamic(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64) -> i32 attributes {kiln.abi = "{\22name\22:\22strided_dynamic\22,\22a\22:[[\22ndarray\22,\22i32\22,2,null,null],\22i64\22,\22i64\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v5 = llvm.mul %arg7, %arg5 : i64
    %v8 = llvm.mul %arg8, %arg6 : i64
    %v9 = llvm.add %v5, %v8 : i64
    %v10 = llvm.getelementptr %v2[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v11 = llvm.load %v10 : !llvm.ptr -> i32
    llvm.return %v11 : i32
  }
  llvm.func @scalar_cell(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: f64) -> f64 attributes {kiln.abi = "{\22name\22:\22scalar_cell\22,\22a\22:[[\22ndarray\22,\22f64\22,0],\22f64\22],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> f64
    llvm.store %arg3, %arg1 : f64, !llvm.ptr
    llvm.return %v1 : f64
  }
  llvm.func @roundtrip(%arg0: i64, %arg1: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22roundtrip\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(8 : i64) : i64
    %v2 = llvm.mul %arg0, %v1 : i64
    %v3 = llvm.call @malloc(%v2) : (i64) -> !llvm.ptr
    %v4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.insertvalue %v3, %v4[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.insertvalue %v3, %v5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.mlir.constant(0 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %arg0, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.mlir.constant(1 : i64) : i64
    %v11 = llvm.insertvalue %v10, %v9[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v13 = llvm.mlir.constant(2 : i64) : i64
    %v14 = llvm.alloca %v13 x i64 : (i64) -> !llvm.ptr
    %v15 = llvm.insertvalue %v14, %v4[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v16 = llvm.insertvalue %v14, %v15[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v17 = llvm.insertvalue %v7, %v16[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v18 = llvm.insertvalue %v13, %v17[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v19 = llvm.insertvalue %v10, %v18[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v22 = llvm.getelementptr %v3[%v10] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %arg1, %v22 : i64, !llvm.ptr
    %v23 = llvm.load %v22 : !llvm.ptr -> i64
    %v24 = llvm.getelementptr %v14[%v10] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %v23, %v24 : i64, !llvm.ptr
    %v25 = llvm.load %v24 : !llvm.ptr -> i64
    llvm.call @free(%v3) : (!llvm.ptr) -> ()
    llvm.return %v25 : i64
  }
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
}
