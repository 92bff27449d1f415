module {
  llvm.func @pick_sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i1, %arg11: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22pick_sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],[\22ndarray\22,\22f32\22,1,null],\22i1\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %arg0, %v1[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.insertvalue %arg1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %arg2, %v5[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %arg3, %v7[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v11 = llvm.insertvalue %arg4, %v9[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v13 = llvm.insertvalue %arg5, %v1[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v15 = llvm.insertvalue %arg6, %v13[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v17 = llvm.insertvalue %arg7, %v15[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v19 = llvm.insertvalue %arg8, %v17[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v21 = llvm.insertvalue %arg9, %v19[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.cond_br %arg10, ^bb1(%v11 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>), ^via0
  ^bb1(%b1_0: !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>):
    %v22 = llvm.mlir.constant(0 : i64) : i64
    %v23 = llvm.mlir.constant(0.0e0 : f32) : f32
    %v33 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb2(%v22, %v23, %b1_0 : i64, f32, !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)
  ^bb2(%b2_0: i64, %b2_1: f32, %b2_2: !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>):
    %v27 = llvm.icmp "slt" %b2_0, %arg11 : i64
    llvm.cond_br %v27, ^bb3, ^bb4(%b2_1 : f32)
  ^bb3:
    %v30 = llvm.extractvalue %b2_2[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v31 = llvm.getelementptr %v30[%b2_0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v32 = llvm.load %v31 : !llvm.ptr -> f32
    %v34 = llvm.add %b2_0, %v33 : i64
    %v35 = llvm.fadd %b2_1, %v32 : f32
    llvm.br ^bb2(%v34, %v35, %b2_2 : i64, f32, !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)
  ^bb4(%b4_0: f32):
    llvm.return %b4_0 : f32
  ^via0:
    llvm.br ^bb1(%v21 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)
  }
  llvm.func @store_through_unranked(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: i32) -> i64 attributes {kiln.abi = "{\22name\22:\22store_through_unranked\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,2],[\22ndarray\22,\22i32\22,2,2,2],\22i32\22],\22r\22:[\22i64\22],\22v\22:1}"} {
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
    llvm.switch %arg14 : i32, ^bb1(%v20 : !llvm.struct<(i64, ptr)>) [
      1: ^via0
    ]
  ^bb1(%b1_0: !llvm.struct<(i64, ptr)>):
    %v41 = llvm.extractvalue %b1_0[1] : !llvm.struct<(i64, ptr)>
    %v42 = llvm.load %v41 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v43 = llvm.mlir.constant(7 : i32) : i32
    %v44 = llvm.extractvalue %v42[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v45 = llvm.getelementptr %v44[%v18] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %v43, %v45 : i32, !llvm.ptr
    %v46 = llvm.extractvalue %b1_0[0] : !llvm.struct<(i64, ptr)>
    llvm.return %v46 : i64
  ^via0:
    llvm.br ^bb1(%v37 : !llvm.struct<(i64, ptr)>)
  }
}
