module {
  llvm.func @copy2d(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64) attributes {kiln.abi = "{\22name\22:\22copy2d\22,\22a\22:[[\22ndarray\22,\22f32\22,2,2,null],[\22ndarray\22,\22f32\22,2,2,null]],\22r\22:[],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(2 : i64) : i64
    %v4 = llvm.mul %v2, %arg4 : i64
    %v5 = llvm.mlir.constant(4 : i64) : i64
    %v6 = llvm.mul %v4, %v5 : i64
    llvm.call @memcpy(%arg8, %arg1, %v6) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.return
  }
  llvm.func @scratch(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> !llvm.struct<(i32, i32)> attributes {kiln.abi = "{\22name\22:\22scratch\22,\22a\22:[[\22ndarray\22,\22i32\22,1,4]],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(16 : i64) : i64
    %v1 = llvm.call @malloc(%v0) : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.mlir.constant(4 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.mlir.constant(1 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.call @memcpy(%v1, %arg1, %v0) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %v13 = llvm.mlir.constant(3 : i64) : i64
    %v14 = llvm.getelementptr %v1[%v13] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v15 = llvm.load %v14 : !llvm.ptr -> i32
    %v16 = llvm.mlir.constant(9 : i32) : i32
    llvm.store %v16, %v1 : i32, !llvm.ptr
    %v17 = llvm.load %v1 : !llvm.ptr -> i32
    llvm.call @free(%v1) : (!llvm.ptr) -> ()
    %v18 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
    %v19 = llvm.insertvalue %v15, %v18[0] : !llvm.struct<(i32, i32)>
    %v20 = llvm.insertvalue %v17, %v19[1] : !llvm.struct<(i32, i32)>
    llvm.return %v20 : !llvm.struct<(i32, i32)>
  }
  llvm.func @scalar(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: i64) attributes {kiln.abi = "{\22name\22:\22scalar\22,\22a\22:[[\22ndarray\22,\22f64\22,0],[\22ndarray\22,\22f64\22,0]],\22r\22:[],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(8 : i64) : i64
    llvm.call @memcpy(%arg4, %arg1, %v2) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.return
  }
  llvm.func @gather(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: i64, %arg8: i64, %arg9: i64) attributes {kiln.abi = "{\22name\22:\22gather\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4],[\22ndarray\22,\22f32\22,1,4]],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.insertvalue %arg2, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.insertvalue %arg3, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.insertvalue %arg4, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v12, %v1 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %v13 = llvm.alloca %v0 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    %v14 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v15 = llvm.insertvalue %v0, %v14[0] : !llvm.struct<(i64, ptr)>
    %v16 = llvm.insertvalue %v1, %v15[1] : !llvm.struct<(i64, ptr)>
    llvm.store %v16, %v13 : !llvm.struct<(i64, ptr)>, !llvm.ptr
    %v18 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v20 = llvm.insertvalue %arg5, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v22 = llvm.insertvalue %arg6, %v20[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v24 = llvm.insertvalue %arg7, %v22[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v26 = llvm.insertvalue %arg8, %v24[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v28 = llvm.insertvalue %arg9, %v26[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v28, %v18 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %v29 = llvm.alloca %v0 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    %v30 = llvm.insertvalue %v18, %v15[1] : !llvm.struct<(i64, ptr)>
    llvm.store %v30, %v29 : !llvm.struct<(i64, ptr)>, !llvm.ptr
    %v32 = llvm.mlir.constant(4 : i64) : i64
    llvm.call @memrefCopy(%v32, %v13, %v29) : (i64, !llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @row(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64) attributes {kiln.abi = "{\22name\22:\22row\22,\22a\22:[[\22ndarray\22,\22i32\22,2,1,3],[\22ndarray\22,\22i32\22,2,1,3]],\22r\22:[],\22v\22:1}"} {
    %v3 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v4 = llvm.mlir.constant(12 : i64) : i64
    llvm.call @memcpy(%arg8, %v3, %v4) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.return
  }
  llvm.func @through_unranked(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64) attributes {kiln.abi = "{\22name\22:\22through_unranked\22,\22a\22:[[\22ndarray\22,\22f64\22,2,2,2],[\22ndarray\22,\22f64\22,2,2,2]],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.insertvalue %arg2, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v10 = llvm.insertvalue %arg3, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v12 = llvm.insertvalue %arg5, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v14 = llvm.insertvalue %arg4, %v12[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v16 = llvm.insertvalue %arg6, %v14[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.store %v16, %v1 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    %v17 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v18 = llvm.mlir.constant(2 : i64) : i64
    %v19 = llvm.insertvalue %v18, %v17[0] : !llvm.struct<(i64, ptr)>
    %v20 = llvm.insertvalue %v1, %v19[1] : !llvm.struct<(i64, ptr)>
    %v22 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %v24 = llvm.insertvalue %arg7, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v26 = llvm.insertvalue %arg8, %v24[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v28 = llvm.insertvalue %arg9, %v26[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v30 = llvm.insertvalue %arg10, %v28[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v32 = llvm.insertvalue %arg12, %v30[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v34 = llvm.insertvalue %arg11, %v32[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v36 = llvm.insertvalue %arg13, %v34[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.store %v36, %v22 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    %v37 = llvm.insertvalue %v22, %v19[1] : !llvm.struct<(i64, ptr)>
    %v39 = llvm.alloca %v0 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    llvm.store %v20, %v39 : !llvm.struct<(i64, ptr)>, !llvm.ptr
    %v41 = llvm.alloca %v0 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    llvm.store %v37, %v41 : !llvm.struct<(i64, ptr)>, !llvm.ptr
    %v43 = llvm.mlir.constant(8 : i64) : i64
    llvm.call @memrefCopy(%v43, %v39, %v41) : (i64, !llvm.ptr, !llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
}
