module {
  llvm.func @matmul(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: !llvm.ptr, %arg15: !llvm.ptr, %arg16: i64, %arg17: i64, %arg18: i64, %arg19: i64, %arg20: i64) attributes {kiln.abi = "{\22name\22:\22matmul\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],[\22ndarray\22,\22f32\22,2,null,null],[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v28 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0 : i64)
  ^bb1(%b1_0: i64):
    %v3 = llvm.icmp "slt" %b1_0, %arg3 : i64
    llvm.cond_br %v3, ^bb2, ^bb9
  ^bb2:
    %v9 = llvm.mul %b1_0, %arg19 : i64
    %v18 = llvm.mul %b1_0, %arg5 : i64
    llvm.br ^bb3(%v0 : i64)
  ^bb3(%b3_0: i64):
    %v6 = llvm.icmp "slt" %b3_0, %arg11 : i64
    llvm.cond_br %v6, ^bb4, ^bb8
  ^bb4:
    %v10 = llvm.add %v9, %b3_0 : i64
    %v11 = llvm.getelementptr %arg15[%v10] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v12 = llvm.load %v11 : !llvm.ptr -> f32
    llvm.br ^bb5(%v0, %v12 : i64, f32)
  ^bb5(%b5_0: i64, %b5_1: f32):
    %v15 = llvm.icmp "slt" %b5_0, %arg4 : i64
    llvm.cond_br %v15, ^bb6, ^bb7
  ^bb6:
    %v19 = llvm.add %v18, %b5_0 : i64
    %v20 = llvm.getelementptr %arg1[%v19] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v21 = llvm.load %v20 : !llvm.ptr -> f32
    %v24 = llvm.mul %b5_0, %arg12 : i64
    %v25 = llvm.add %v24, %b3_0 : i64
    %v26 = llvm.getelementptr %arg8[%v25] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v27 = llvm.load %v26 : !llvm.ptr -> f32
    %v29 = llvm.add %b5_0, %v28 : i64
    %v31 = llvm.fmul %v21, %v27 : f32
    %v32 = llvm.fadd %b5_1, %v31 : f32
    llvm.br ^bb5(%v29, %v32 : i64, f32)
  ^bb7:
    llvm.store %b5_1, %v11 : f32, !llvm.ptr
    %v34 = llvm.add %b3_0, %v28 : i64
    llvm.br ^bb3(%v34 : i64)
  ^bb8:
    %v35 = llvm.add %b1_0, %v28 : i64
    llvm.br ^bb1(%v35 : i64)
  ^bb9:
    llvm.return
  }
  llvm.func @_mlir_ciface_matmul(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr) {
    %v1 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.extractvalue %v1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v5 = llvm.extractvalue %v1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.extractvalue %v1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v7 = llvm.extractvalue %v1[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.extractvalue %v1[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v10 = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v11 = llvm.extractvalue %v10[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v12 = llvm.extractvalue %v10[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v13 = llvm.extractvalue %v10[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v14 = llvm.extractvalue %v10[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v15 = llvm.extractvalue %v10[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v16 = llvm.extractvalue %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v17 = llvm.extractvalue %v10[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v19 = llvm.load %arg2 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v20 = llvm.extractvalue %v19[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v21 = llvm.extractvalue %v19[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v22 = llvm.extractvalue %v19[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v23 = llvm.extractvalue %v19[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v24 = llvm.extractvalue %v19[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v25 = llvm.extractvalue %v19[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v26 = llvm.extractvalue %v19[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.call @matmul(%v2, %v3, %v4, %v5, %v6, %v7, %v8, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v20, %v21, %v22, %v23, %v24, %v25, %v26) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
    llvm.return
  }
}
