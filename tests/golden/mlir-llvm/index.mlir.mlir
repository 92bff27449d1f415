module {
  llvm.func @arithmetic(%arg0: i64, %arg1: i64) -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)> attributes {kiln.abi = "{\22name\22:\22arithmetic\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v3 = llvm.add %arg0, %arg1 : i64
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v5 = llvm.sub %arg0, %arg1 : i64
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v7 = llvm.mul %arg0, %arg1 : i64
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v9 = llvm.sdiv %arg0, %arg1 : i64
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v11 = llvm.udiv %arg0, %arg1 : i64
    %v12 = llvm.insertvalue %v11, %v10[4] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v13 = llvm.mul %v9, %arg1 : i64
    %v14 = llvm.icmp "ne" %v13, %arg0 : i64
    %v15 = llvm.mlir.constant(0 : i64) : i64
    %v16 = llvm.icmp "slt" %arg0, %v15 : i64
    %v17 = llvm.icmp "slt" %arg1, %v15 : i64
    %v18 = llvm.icmp "eq" %v16, %v17 : i1
    %v19 = llvm.and %v14, %v18 : i1
    %v20 = llvm.mlir.constant(1 : i64) : i64
    %v21 = llvm.select %v19, %v20, %v15 : i1, i64
    %v22 = llvm.add %v9, %v21 : i64
    %v23 = llvm.insertvalue %v22, %v12[5] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v24 = llvm.icmp "eq" %arg0, %v15 : i64
    %v25 = llvm.sub %arg0, %v20 : i64
    %v26 = llvm.udiv %v25, %arg1 : i64
    %v27 = llvm.add %v26, %v20 : i64
    %v28 = llvm.select %v24, %v15, %v27 : i1, i64
    %v29 = llvm.insertvalue %v28, %v23[6] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v30 = llvm.icmp "ne" %v16, %v17 : i1
    %v31 = llvm.and %v14, %v30 : i1
    %v32 = llvm.select %v31, %v20, %v15 : i1, i64
    %v33 = llvm.sub %v9, %v32 : i64
    %v34 = llvm.insertvalue %v33, %v29[7] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v35 = llvm.srem %arg0, %arg1 : i64
    %v36 = llvm.insertvalue %v35, %v34[8] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v37 = llvm.urem %arg0, %arg1 : i64
    %v38 = llvm.insertvalue %v37, %v36[9] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    llvm.return %v38 : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  }
  llvm.func @bitwise(%arg0: i64, %arg1: i64) -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)> attributes {kiln.abi = "{\22name\22:\22bitwise\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v3 = llvm.intr.smax(%arg0, %arg1) : (i64, i64) -> i64
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v5 = llvm.intr.umax(%arg0, %arg1) : (i64, i64) -> i64
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v7 = llvm.intr.smin(%arg0, %arg1) : (i64, i64) -> i64
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v9 = llvm.intr.umin(%arg0, %arg1) : (i64, i64) -> i64
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v11 = llvm.mlir.constant(3 : i64) : i64
    %v12 = llvm.shl %arg0, %v11 : i64
    %v13 = llvm.insertvalue %v12, %v10[4] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v14 = llvm.ashr %arg0, %v11 : i64
    %v15 = llvm.insertvalue %v14, %v13[5] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v16 = llvm.lshr %arg0, %v11 : i64
    %v17 = llvm.insertvalue %v16, %v15[6] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v18 = llvm.and %arg0, %arg1 : i64
    %v19 = llvm.insertvalue %v18, %v17[7] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v20 = llvm.or %arg0, %arg1 : i64
    %v21 = llvm.insertvalue %v20, %v19[8] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    %v22 = llvm.xor %arg0, %arg1 : i64
    %v23 = llvm.insertvalue %v22, %v21[9] : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
    llvm.return %v23 : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  }
}
