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
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
}
