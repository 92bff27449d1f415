module {
  llvm.func @fill(%arg0: !llvm.ptr, %arg1: i64, %arg2: f32) -> !llvm.ptr attributes {kiln.abi = "{\22name\22:\22fill\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3],\22i64\22,\22f32\22],\22r\22:[[\22ndarray\22,\22f32\22,2,4,3]],\22v\22:1}"} {
    %v3 = llvm.mlir.constant(3 : i64) : i64
    %v4 = llvm.mul %arg1, %v3 : i64
    %v5 = llvm.getelementptr %arg0[%v4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg2, %v5 : f32, !llvm.ptr
    %v6 = llvm.mlir.constant(2 : i64) : i64
    %v7 = llvm.add %v4, %v6 : i64
    %v8 = llvm.getelementptr %arg0[%v7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg2, %v8 : f32, !llvm.ptr
    llvm.return %arg0 : !llvm.ptr
  }
  llvm.func @pair(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> !llvm.struct<(ptr, f32)> attributes {kiln.abi = "{\22name\22:\22pair\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3],[\22ndarray\22,\22f32\22,0]],\22r\22:[[\22ndarray\22,\22f32\22,0],\22f32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(5 : i64) : i64
    %v2 = llvm.getelementptr %arg0[%v1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v3 = llvm.load %v2 : !llvm.ptr -> f32
    %v5 = llvm.load %arg1 : !llvm.ptr -> f32
    %v6 = llvm.fadd %v3, %v5 : f32
    llvm.store %v6, %arg1 : f32, !llvm.ptr
    %v7 = llvm.mlir.undef : !llvm.struct<(ptr, f32)>
    %v8 = llvm.insertvalue %arg1, %v7[0] : !llvm.struct<(ptr, f32)>
    %v9 = llvm.insertvalue %v3, %v8[1] : !llvm.struct<(ptr, f32)>
    llvm.return %v9 : !llvm.struct<(ptr, f32)>
  }
  llvm.func @caller(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22caller\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,3],[\22ndarray\22,\22f32\22,0]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(3 : i64) : i64
    %v2 = llvm.mlir.constant(7.5e0 : f32) : f32
    %v3 = llvm.call @fill(%arg1, %v1, %v2) : (!llvm.ptr, i64, f32) -> !llvm.ptr
    %v4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v5 = llvm.insertvalue %v3, %v4[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.insertvalue %v3, %v5[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v7 = llvm.mlir.constant(0 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v9 = llvm.mlir.constant(4 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v11 = llvm.insertvalue %v1, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v12 = llvm.insertvalue %v1, %v11[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v13 = llvm.mlir.constant(1 : i64) : i64
    %v14 = llvm.insertvalue %v13, %v12[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v16 = llvm.mlir.constant(1.0e0 : f32) : f32
    %v17 = llvm.getelementptr %v3[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v16, %v17 : f32, !llvm.ptr
    %v19 = llvm.call @pair(%v3, %arg8) : (!llvm.ptr, !llvm.ptr) -> !llvm.struct<(ptr, f32)>
    %v20 = llvm.extractvalue %v19[0] : !llvm.struct<(ptr, f32)>
    %v21 = llvm.load %v20 : !llvm.ptr -> f32
    %v22 = llvm.extractvalue %v19[1] : !llvm.struct<(ptr, f32)>
    %v23 = llvm.fadd %v21, %v22 : f32
    llvm.return %v23 : f32
  }
  llvm.func @strided_sum(%arg0: !llvm.ptr) -> f32 attributes {kiln.abi = "{\22name\22:\22strided_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,2]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(1 : i64) : i64
    %v2 = llvm.getelementptr %arg0[%v1] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v3 = llvm.load %v2 : !llvm.ptr -> f32
    %v4 = llvm.mlir.constant(3 : i64) : i64
    %v5 = llvm.getelementptr %v2[%v4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v6 = llvm.load %v5 : !llvm.ptr -> f32
    %v7 = llvm.fadd %v3, %v6 : f32
    llvm.return %v7 : f32
  }
}
