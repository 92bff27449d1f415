module {
  llvm.func @two(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)> attributes {kiln.abi = "{\22name\22:\22two\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3]],\22r\22:[[\22ndarray\22,\22f32\22,null],[\22ndarray\22,\22f32\22,null]],\22v\22:1}"} {
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
    %v22 = llvm.mlir.constant(56 : i64) : i64
    %v23 = llvm.call @malloc(%v22) : (i64) -> !llvm.ptr
    llvm.call @memcpy(%v23, %v1, %v22) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %v24 = llvm.call @malloc(%v22) : (i64) -> !llvm.ptr
    llvm.call @memcpy(%v24, %v1, %v22) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %v25 = llvm.mlir.undef : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    %v26 = llvm.insertvalue %v23, %v19[1] : !llvm.struct<(i64, ptr)>
    %v27 = llvm.insertvalue %v26, %v25[0] : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    %v28 = llvm.insertvalue %v24, %v19[1] : !llvm.struct<(i64, ptr)>
    %v29 = llvm.insertvalue %v28, %v27[1] : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    llvm.return %v29 : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
  }
  llvm.func @_mlir_ciface_two(%arg0: !llvm.ptr, %arg1: !llvm.ptr) {
    %v1 = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.extractvalue %v1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v5 = llvm.extractvalue %v1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.extractvalue %v1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v7 = llvm.extractvalue %v1[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.extractvalue %v1[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v9 = llvm.call @two(%v2, %v3, %v4, %v5, %v6, %v7, %v8) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    llvm.store %v9, %arg0 : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>, !llvm.ptr
    llvm.return
  }
  llvm.func @caller(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22caller\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v7 = llvm.call @two(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    %v8 = llvm.intr.stacksave : !llvm.ptr
    %v9 = llvm.extractvalue %v7[0] : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    %v10 = llvm.extractvalue %v9[0] : !llvm.struct<(i64, ptr)>
    %v11 = llvm.mlir.constant(16 : i64) : i64
    %v12 = llvm.mul %v10, %v11 : i64
    %v13 = llvm.mlir.constant(24 : i64) : i64
    %v14 = llvm.add %v12, %v13 : i64
    %v15 = llvm.alloca %v14 x i8 : (i64) -> !llvm.ptr
    %v16 = llvm.extractvalue %v9[1] : !llvm.struct<(i64, ptr)>
    llvm.call @memcpy(%v15, %v16, %v14) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%v16) : (!llvm.ptr) -> ()
    %v17 = llvm.intr.stacksave : !llvm.ptr
    %v18 = llvm.extractvalue %v7[1] : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    %v19 = llvm.extractvalue %v18[0] : !llvm.struct<(i64, ptr)>
    %v20 = llvm.mul %v19, %v11 : i64
    %v21 = llvm.add %v20, %v13 : i64
    %v22 = llvm.alloca %v21 x i8 : (i64) -> !llvm.ptr
    %v23 = llvm.extractvalue %v18[1] : !llvm.struct<(i64, ptr)>
    llvm.call @memcpy(%v22, %v23, %v21) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%v23) : (!llvm.ptr) -> ()
    %v24 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v25 = llvm.insertvalue %v10, %v24[0] : !llvm.struct<(i64, ptr)>
    %v26 = llvm.insertvalue %v15, %v25[1] : !llvm.struct<(i64, ptr)>
    %v27 = llvm.insertvalue %v26, %v7[0] : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    %v28 = llvm.insertvalue %v19, %v24[0] : !llvm.struct<(i64, ptr)>
    %v29 = llvm.insertvalue %v22, %v28[1] : !llvm.struct<(i64, ptr)>
    %v30 = llvm.insertvalue %v29, %v27[1] : !llvm.struct<(struct<(i64, ptr)>, struct<(i64, ptr)>)>
    %v32 = llvm.load %v15 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v33 = llvm.load %v22 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v34 = llvm.extractvalue %v32[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v35 = llvm.mlir.constant(5 : i64) : i64
    %v36 = llvm.getelementptr %v34[%v35] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v37 = llvm.load %v36 : !llvm.ptr -> f32
    %v38 = llvm.extractvalue %v33[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v39 = llvm.mlir.constant(7 : i64) : i64
    %v40 = llvm.getelementptr %v38[%v39] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v41 = llvm.load %v40 : !llvm.ptr -> f32
    %v42 = llvm.fadd %v37, %v41 : f32
    llvm.intr.stackrestore %v8 : !llvm.ptr
    llvm.return %v42 : f32
  }
  llvm.func @mixed(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i32) -> !llvm.struct<(i32, struct<(i64, ptr)>, f32)> attributes {kiln.abi = "{\22name\22:\22mixed\22,\22a\22:[[\22ndarray\22,\22f32\22,1,2],\22i32\22],\22r\22:[\22i32\22,[\22ndarray\22,\22f32\22,null],\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.insertvalue %arg2, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.insertvalue %arg3, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.insertvalue %arg4, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v12, %v1 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %v13 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v14 = llvm.insertvalue %v0, %v13[0] : !llvm.struct<(i64, ptr)>
    %v15 = llvm.insertvalue %v1, %v14[1] : !llvm.struct<(i64, ptr)>
    %v17 = llvm.getelementptr %arg1[%v0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v18 = llvm.load %v17 : !llvm.ptr -> f32
    %v19 = llvm.mlir.constant(40 : i64) : i64
    %v20 = llvm.call @malloc(%v19) : (i64) -> !llvm.ptr
    llvm.call @memcpy(%v20, %v1, %v19) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %v21 = llvm.mlir.undef : !llvm.struct<(i32, struct<(i64, ptr)>, f32)>
    %v23 = llvm.insertvalue %arg5, %v21[0] : !llvm.struct<(i32, struct<(i64, ptr)>, f32)>
    %v24 = llvm.insertvalue %v20, %v14[1] : !llvm.struct<(i64, ptr)>
    %v25 = llvm.insertvalue %v24, %v23[1] : !llvm.struct<(i32, struct<(i64, ptr)>, f32)>
    %v26 = llvm.insertvalue %v18, %v25[2] : !llvm.struct<(i32, struct<(i64, ptr)>, f32)>
    llvm.return %v26 : !llvm.struct<(i32, struct<(i64, ptr)>, f32)>
  }
  llvm.func @_mlir_ciface_mixed(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i32) {
    %v1 = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.extractvalue %v1[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.extractvalue %v1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.extractvalue %v1[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.call @mixed(%v2, %v3, %v4, %v5, %v6, %arg2) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32) -> !llvm.struct<(i32, struct<(i64, ptr)>, f32)>
    llvm.store %v8, %arg0 : !llvm.struct<(i32, struct<(i64, ptr)>, f32)>, !llvm.ptr
    llvm.return
  }
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @free(!llvm.ptr)
}
