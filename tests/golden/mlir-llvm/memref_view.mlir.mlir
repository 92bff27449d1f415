module {
  llvm.func @floats(%arg0: i64, %arg1: i64, %arg2: i64) -> !llvm.struct<(i64, f32)> attributes {kiln.abi = "{\22name\22:\22floats\22,\22a\22:[\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(256 : i64) : i64
    %v1 = llvm.call @malloc(%v0) : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %v0, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.mlir.constant(1 : i64) : i64
    %v9 = llvm.insertvalue %v8, %v7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v11 = llvm.mlir.constant(2.5e0 : f32) : f32
    %v12 = llvm.mlir.constant(16 : i64) : i64
    %v13 = llvm.getelementptr %v1[%v12] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %v15 = llvm.mlir.constant(4 : i64) : i64
    %v16 = llvm.mul %arg1, %v15 : i64
    %v18 = llvm.add %v16, %arg2 : i64
    %v19 = llvm.getelementptr %v13[%v18] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v11, %v19 : f32, !llvm.ptr
    %v20 = llvm.load %v19 : !llvm.ptr -> f32
    llvm.call @free(%v1) : (!llvm.ptr) -> ()
    %v21 = llvm.mlir.undef : !llvm.struct<(i64, f32)>
    %v23 = llvm.insertvalue %arg0, %v21[0] : !llvm.struct<(i64, f32)>
    %v24 = llvm.insertvalue %v20, %v23[1] : !llvm.struct<(i64, f32)>
    llvm.return %v24 : !llvm.struct<(i64, f32)>
  }
  llvm.func @overlap(%arg0: i32) -> i8 attributes {kiln.abi = "{\22name\22:\22overlap\22,\22a\22:[\22i32\22],\22r\22:[\22i8\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(16 : i64) : i64
    %v1 = llvm.alloca %v0 x i8 : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %v0, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.mlir.constant(1 : i64) : i64
    %v9 = llvm.insertvalue %v8, %v7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.getelementptr %v1[%v8] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %arg0, %v12 : i32, !llvm.ptr
    %v13 = llvm.mlir.constant(4 : i64) : i64
    %v14 = llvm.getelementptr %v1[%v13] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %v15 = llvm.load %v14 : !llvm.ptr -> i8
    llvm.return %v15 : i8
  }
  llvm.func @reshape(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64) -> i32 attributes {kiln.abi = "{\22name\22:\22reshape\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,6],\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(3 : i64) : i64
    %v1 = llvm.alloca %v0 x i64 : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %v0, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.mlir.constant(1 : i64) : i64
    %v9 = llvm.insertvalue %v8, %v7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v0, %v1 : i64, !llvm.ptr
    %v11 = llvm.mlir.constant(2 : i64) : i64
    %v12 = llvm.getelementptr %v1[%v8] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %v11, %v12 : i64, !llvm.ptr
    %v13 = llvm.getelementptr %v1[%v11] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %v11, %v13 : i64, !llvm.ptr
    %v16 = llvm.mlir.constant(4 : i64) : i64
    %v17 = llvm.mul %arg7, %v16 : i64
    %v19 = llvm.mul %arg8, %v11 : i64
    %v20 = llvm.add %v17, %v19 : i64
    %v22 = llvm.add %v20, %arg9 : i64
    %v23 = llvm.getelementptr %arg1[%v22] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v24 = llvm.load %v23 : !llvm.ptr -> i32
    llvm.return %v24 : i32
  }
  llvm.func @reshape_dynamic(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64) -> !llvm.struct<(i64, i32)> attributes {kiln.abi = "{\22name\22:\22reshape_dynamic\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,6],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(2 : i64) : i64
    %v1 = llvm.alloca %v0 x i64 : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %v0, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.mlir.constant(1 : i64) : i64
    %v9 = llvm.insertvalue %v8, %v7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %arg7, %v1 : i64, !llvm.ptr
    %v13 = llvm.getelementptr %v1[%v8] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %arg8, %v13 : i64, !llvm.ptr
    %v14 = llvm.load %v1 : !llvm.ptr -> i64
    %v15 = llvm.load %v13 : !llvm.ptr -> i64
    %v16 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v18 = llvm.insertvalue %arg0, %v16[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v20 = llvm.insertvalue %arg1, %v18[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v21 = llvm.insertvalue %v5, %v20[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v22 = llvm.insertvalue %v14, %v21[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v23 = llvm.insertvalue %v15, %v22[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v24 = llvm.insertvalue %v15, %v23[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v25 = llvm.insertvalue %v8, %v24[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.store %v5, %v1 : i64, !llvm.ptr
    %v28 = llvm.mul %arg9, %v15 : i64
    %v30 = llvm.add %v28, %arg10 : i64
    %v31 = llvm.getelementptr %arg1[%v30] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v32 = llvm.load %v31 : !llvm.ptr -> i32
    %v33 = llvm.mlir.undef : !llvm.struct<(i64, i32)>
    %v34 = llvm.insertvalue %v15, %v33[0] : !llvm.struct<(i64, i32)>
    %v35 = llvm.insertvalue %v32, %v34[1] : !llvm.struct<(i64, i32)>
    llvm.return %v35 : !llvm.struct<(i64, i32)>
  }
  llvm.func @reshape_i32(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22reshape_i32\22,\22a\22:[[\22ndarray\22,\22f32\22,1,12],[\22ndarray\22,\22i32\22,1,2],\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.load %arg6 : !llvm.ptr -> i32
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v7 = llvm.mlir.constant(0 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v9 = llvm.sext %v1 : i32 to i64
    %v10 = llvm.insertvalue %v9, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v11 = llvm.mlir.constant(4 : i64) : i64
    %v12 = llvm.insertvalue %v11, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v13 = llvm.insertvalue %v11, %v12[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v14 = llvm.mlir.constant(1 : i64) : i64
    %v15 = llvm.insertvalue %v14, %v13[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v18 = llvm.mul %arg10, %v11 : i64
    %v20 = llvm.add %v18, %arg11 : i64
    %v21 = llvm.getelementptr %arg1[%v20] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v22 = llvm.load %v21 : !llvm.ptr -> f32
    llvm.return %v22 : f32
  }
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
}
