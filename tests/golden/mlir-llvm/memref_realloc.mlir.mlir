module {
  llvm.func @grow(%arg0: f32, %arg1: f32) -> !llvm.struct<(f32, f32)> attributes {kiln.abi = "{\22name\22:\22grow\22,\22a\22:[\22f32\22,\22f32\22],\22r\22:[\22f32\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(8 : i64) : i64
    %v1 = llvm.call @malloc(%v0) : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.mlir.constant(2 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.mlir.constant(1 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %arg0, %v1 : f32, !llvm.ptr
    %v14 = llvm.getelementptr %v1[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg1, %v14 : f32, !llvm.ptr
    %v15 = llvm.mlir.constant(20 : i64) : i64
    %v16 = llvm.call @malloc(%v15) : (i64) -> !llvm.ptr
    %v17 = llvm.insertvalue %v16, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v18 = llvm.insertvalue %v16, %v17[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v19 = llvm.insertvalue %v5, %v18[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v20 = llvm.mlir.constant(5 : i64) : i64
    %v21 = llvm.insertvalue %v20, %v19[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v22 = llvm.insertvalue %v9, %v21[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.call @memcpy(%v16, %v1, %v0) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%v1) : (!llvm.ptr) -> ()
    %v25 = llvm.mlir.constant(4 : i64) : i64
    %v26 = llvm.getelementptr %v16[%v25] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg0, %v26 : f32, !llvm.ptr
    %v27 = llvm.getelementptr %v16[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v28 = llvm.load %v27 : !llvm.ptr -> f32
    %v29 = llvm.load %v26 : !llvm.ptr -> f32
    llvm.call @free(%v16) : (!llvm.ptr) -> ()
    %v30 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
    %v31 = llvm.insertvalue %v28, %v30[0] : !llvm.struct<(f32, f32)>
    %v32 = llvm.insertvalue %v29, %v31[1] : !llvm.struct<(f32, f32)>
    llvm.return %v32 : !llvm.struct<(f32, f32)>
  }
  llvm.func @shrink(%arg0: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22shrink\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(64 : i64) : i64
    %v1 = llvm.call @malloc(%v0) : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.mlir.constant(8 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.mlir.constant(1 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.br ^bb1(%v5 : i64)
  ^bb1(%b1_0: i64):
    %v13 = llvm.icmp "ult" %b1_0, %v7 : i64
    llvm.cond_br %v13, ^bb2, ^bb3
  ^bb2:
    %v14 = llvm.mul %b1_0, %b1_0 : i64
    %v15 = llvm.getelementptr %v1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %v14, %v15 : i64, !llvm.ptr
    %v16 = llvm.add %b1_0, %v9 : i64
    llvm.br ^bb1(%v16 : i64)
  ^bb3:
    %v17 = llvm.mlir.constant(3 : i64) : i64
    %v18 = llvm.insertvalue %v17, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v19 = llvm.insertvalue %v9, %v18[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v22 = llvm.getelementptr %v1[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v23 = llvm.load %v22 : !llvm.ptr -> i64
    %v24 = llvm.call @sum3(%v1, %v1, %v5, %v17, %v9) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> i64
    llvm.call @free(%v1) : (!llvm.ptr) -> ()
    %v25 = llvm.add %v23, %v24 : i64
    llvm.return %v25 : i64
  }
  llvm.func @sum3(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22sum3\22,\22a\22:[[\22ndarray\22,\22i64\22,1,3]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> i64
    %v2 = llvm.mlir.constant(1 : i64) : i64
    %v3 = llvm.getelementptr %arg1[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v4 = llvm.load %v3 : !llvm.ptr -> i64
    %v5 = llvm.mlir.constant(2 : i64) : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v7 = llvm.load %v6 : !llvm.ptr -> i64
    %v8 = llvm.add %v1, %v4 : i64
    %v9 = llvm.add %v8, %v7 : i64
    llvm.return %v9 : i64
  }
  llvm.func @resize(%arg0: i64, %arg1: i64) -> !llvm.struct<(i64, i64)> attributes {kiln.abi = "{\22name\22:\22resize\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22],\22v\22:1}"} {
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
    %v13 = llvm.mlir.constant(7 : i64) : i64
    llvm.store %v13, %v3 : i64, !llvm.ptr
    %v14 = llvm.mlir.constant(9 : i64) : i64
    %v15 = llvm.getelementptr %v3[%v10] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %v14, %v15 : i64, !llvm.ptr
    %v16 = llvm.ptrtoint %v3 : !llvm.ptr to i64
    %v17 = llvm.sub %v16, %v16 : i64
    %v19 = llvm.mul %arg1, %v1 : i64
    %v20 = llvm.add %v17, %v19 : i64
    %v21 = llvm.call @realloc(%v3, %v20) : (!llvm.ptr, i64) -> !llvm.ptr
    %v22 = llvm.insertvalue %v21, %v4[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v23 = llvm.getelementptr %v21[%v17] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %v24 = llvm.insertvalue %v23, %v22[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v25 = llvm.insertvalue %v7, %v24[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v26 = llvm.insertvalue %arg1, %v25[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v27 = llvm.insertvalue %v10, %v26[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v28 = llvm.sub %arg1, %v10 : i64
    %v29 = llvm.getelementptr %v23[%v28] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %v7, %v29 : i64, !llvm.ptr
    %v30 = llvm.load %v23 : !llvm.ptr -> i64
    llvm.call @free(%v21) : (!llvm.ptr) -> ()
    %v31 = llvm.mlir.undef : !llvm.struct<(i64, i64)>
    %v32 = llvm.insertvalue %v30, %v31[0] : !llvm.struct<(i64, i64)>
    %v33 = llvm.insertvalue %arg1, %v32[1] : !llvm.struct<(i64, i64)>
    llvm.return %v33 : !llvm.struct<(i64, i64)>
  }
  llvm.func @mixed(%arg0: i64) -> !llvm.struct<(f32, f32)> attributes {kiln.abi = "{\22name\22:\22mixed\22,\22a\22:[\22i64\22],\22r\22:[\22f32\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(8 : i64) : i64
    %v1 = llvm.call @malloc(%v0) : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.mlir.constant(2 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.mlir.constant(1 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.mlir.constant(2.5e0 : f32) : f32
    %v13 = llvm.getelementptr %v1[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v12, %v13 : f32, !llvm.ptr
    %v14 = llvm.ptrtoint %v1 : !llvm.ptr to i64
    %v15 = llvm.sub %v14, %v14 : i64
    %v17 = llvm.mlir.constant(4 : i64) : i64
    %v18 = llvm.mul %arg0, %v17 : i64
    %v19 = llvm.add %v15, %v18 : i64
    %v20 = llvm.call @realloc(%v1, %v19) : (!llvm.ptr, i64) -> !llvm.ptr
    %v21 = llvm.insertvalue %v20, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v22 = llvm.getelementptr %v20[%v15] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %v23 = llvm.insertvalue %v22, %v21[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v24 = llvm.insertvalue %v5, %v23[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v25 = llvm.insertvalue %arg0, %v24[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v26 = llvm.insertvalue %v9, %v25[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v27 = llvm.getelementptr %v22[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v28 = llvm.load %v27 : !llvm.ptr -> f32
    %v29 = llvm.ptrtoint %v22 : !llvm.ptr to i64
    %v30 = llvm.ptrtoint %v20 : !llvm.ptr to i64
    %v31 = llvm.sub %v29, %v30 : i64
    %v32 = llvm.mlir.constant(12 : i64) : i64
    %v33 = llvm.add %v31, %v32 : i64
    %v34 = llvm.call @realloc(%v20, %v33) : (!llvm.ptr, i64) -> !llvm.ptr
    %v35 = llvm.insertvalue %v34, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v36 = llvm.getelementptr %v34[%v31] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %v37 = llvm.insertvalue %v36, %v35[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v38 = llvm.insertvalue %v5, %v37[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v39 = llvm.mlir.constant(3 : i64) : i64
    %v40 = llvm.insertvalue %v39, %v38[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v41 = llvm.insertvalue %v9, %v40[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v42 = llvm.getelementptr %v36[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v43 = llvm.load %v42 : !llvm.ptr -> f32
    llvm.call @free(%v34) : (!llvm.ptr) -> ()
    %v44 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
    %v45 = llvm.insertvalue %v28, %v44[0] : !llvm.struct<(f32, f32)>
    %v46 = llvm.insertvalue %v43, %v45[1] : !llvm.struct<(f32, f32)>
    llvm.return %v46 : !llvm.struct<(f32, f32)>
  }
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @free(!llvm.ptr)
  llvm.func @realloc(!llvm.ptr, i64) -> !llvm.ptr
}
