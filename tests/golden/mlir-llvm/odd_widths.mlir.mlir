module {
  llvm.mlir.global private constant @table(dense<[1, -1, 2047, -2048]> : tensor<4xi12>) {addr_space = 0 : i32} : !llvm.array<4 x i12>
  llvm.func @arith12(%arg0: i12, %arg1: i12) -> !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)> attributes {kiln.abi = "{\22name\22:\22arith12\22,\22a\22:[\22i12\22,\22i12\22],\22r\22:[\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v3 = llvm.add %arg0, %arg1 : i12
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v5 = llvm.sub %arg0, %arg1 : i12
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v7 = llvm.mul %arg0, %arg1 : i12
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v9 = llvm.udiv %arg0, %arg1 : i12
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v11 = llvm.srem %arg0, %arg1 : i12
    %v12 = llvm.insertvalue %v11, %v10[4] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v13 = llvm.intr.smax(%arg0, %arg1) : (i12, i12) -> i12
    %v14 = llvm.insertvalue %v13, %v12[5] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v15 = llvm.intr.umin(%arg0, %arg1) : (i12, i12) -> i12
    %v16 = llvm.insertvalue %v15, %v14[6] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    %v17 = llvm.sdiv %arg0, %arg1 : i12
    %v18 = llvm.mul %v17, %arg1 : i12
    %v19 = llvm.icmp "ne" %v18, %arg0 : i12
    %v20 = llvm.mlir.constant(0 : i12) : i12
    %v21 = llvm.icmp "slt" %arg0, %v20 : i12
    %v22 = llvm.icmp "slt" %arg1, %v20 : i12
    %v23 = llvm.icmp "ne" %v21, %v22 : i1
    %v24 = llvm.and %v19, %v23 : i1
    %v25 = llvm.mlir.constant(1 : i12) : i12
    %v26 = llvm.select %v24, %v25, %v20 : i1, i12
    %v27 = llvm.sub %v17, %v26 : i12
    %v28 = llvm.insertvalue %v27, %v16[7] : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
    llvm.return %v28 : !llvm.struct<(i12, i12, i12, i12, i12, i12, i12, i12)>
  }
  llvm.func @bits3(%arg0: i3, %arg1: i3) -> !llvm.struct<(i3, i3, i3, i3, i1, i1)> attributes {kiln.abi = "{\22name\22:\22bits3\22,\22a\22:[\22i3\22,\22i3\22],\22r\22:[\22i3\22,\22i3\22,\22i3\22,\22i3\22,\22i1\22,\22i1\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
    %v3 = llvm.shl %arg0, %arg1 : i3
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
    %v5 = llvm.ashr %arg0, %arg1 : i3
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
    %v7 = llvm.lshr %arg0, %arg1 : i3
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
    %v9 = llvm.xor %arg0, %arg1 : i3
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
    %v11 = llvm.icmp "ult" %arg0, %arg1 : i3
    %v12 = llvm.insertvalue %v11, %v10[4] : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
    %v13 = llvm.icmp "slt" %arg0, %arg1 : i3
    %v14 = llvm.insertvalue %v13, %v12[5] : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
    llvm.return %v14 : !llvm.struct<(i3, i3, i3, i3, i1, i1)>
  }
  llvm.func @casts(%arg0: i3, %arg1: i12, %arg2: i40) -> !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)> attributes {kiln.abi = "{\22name\22:\22casts\22,\22a\22:[\22i3\22,\22i12\22,\22i40\22],\22r\22:[\22i12\22,\22i12\22,\22i24\22,\22i3\22,\22i40\22,\22i64\22,\22f32\22,\22i24\22,\22i12\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v2 = llvm.sext %arg0 : i3 to i12
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v4 = llvm.zext %arg0 : i3 to i12
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v7 = llvm.sext %arg1 : i12 to i24
    %v8 = llvm.insertvalue %v7, %v5[2] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v9 = llvm.trunc %arg1 : i12 to i3
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v11 = llvm.sext %arg1 : i12 to i40
    %v12 = llvm.insertvalue %v11, %v10[4] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v14 = llvm.sext %arg2 : i40 to i64
    %v15 = llvm.insertvalue %v14, %v12[5] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v16 = llvm.sitofp %arg1 : i12 to f32
    %v17 = llvm.insertvalue %v16, %v15[6] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v18 = llvm.trunc %arg2 : i40 to i24
    %v19 = llvm.insertvalue %v18, %v17[7] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    %v20 = llvm.mlir.constant(-1.23475e3 : f32) : f32
    %v21 = llvm.fptosi %v20 : f32 to i12
    %v22 = llvm.insertvalue %v21, %v19[8] : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
    llvm.return %v22 : !llvm.struct<(i12, i12, i24, i3, i40, i64, f32, i24, i12)>
  }
  llvm.func @extended(%arg0: i12, %arg1: i12) -> !llvm.struct<(i12, i1, i12, i12, i12, i12)> attributes {kiln.abi = "{\22name\22:\22extended\22,\22a\22:[\22i12\22,\22i12\22],\22r\22:[\22i12\22,\22i1\22,\22i12\22,\22i12\22,\22i12\22,\22i12\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
    %v3 = llvm.add %arg0, %arg1 : i12
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
    %v5 = llvm.icmp "ult" %v3, %arg0 : i12
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
    %v7 = llvm.mul %arg0, %arg1 : i12
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
    %v9 = llvm.sext %arg0 : i12 to i64
    %v10 = llvm.sext %arg1 : i12 to i64
    %v11 = llvm.mul %v9, %v10 : i64
    %v12 = llvm.mlir.constant(12 : i64) : i64
    %v13 = llvm.lshr %v11, %v12 : i64
    %v14 = llvm.trunc %v13 : i64 to i12
    %v15 = llvm.insertvalue %v14, %v8[3] : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
    %v16 = llvm.insertvalue %v7, %v15[4] : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
    %v17 = llvm.zext %arg0 : i12 to i64
    %v18 = llvm.zext %arg1 : i12 to i64
    %v19 = llvm.mul %v17, %v18 : i64
    %v20 = llvm.lshr %v19, %v12 : i64
    %v21 = llvm.trunc %v20 : i64 to i12
    %v22 = llvm.insertvalue %v21, %v16[5] : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
    llvm.return %v22 : !llvm.struct<(i12, i1, i12, i12, i12, i12)>
  }
  llvm.func @extended40(%arg0: i40, %arg1: i40) -> !llvm.struct<(i40, i40, i40)> attributes {kiln.abi = "{\22name\22:\22extended40\22,\22a\22:[\22i40\22,\22i40\22],\22r\22:[\22i40\22,\22i40\22,\22i40\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i40, i40, i40)>
    %v3 = llvm.mul %arg0, %arg1 : i40
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i40, i40, i40)>
    %v5 = llvm.sext %arg0 : i40 to i80
    %v6 = llvm.sext %arg1 : i40 to i80
    %v7 = llvm.mul %v5, %v6 : i80
    %v8 = llvm.mlir.constant(40 : i80) : i80
    %v9 = llvm.lshr %v7, %v8 : i80
    %v10 = llvm.trunc %v9 : i80 to i40
    %v11 = llvm.insertvalue %v10, %v4[1] : !llvm.struct<(i40, i40, i40)>
    %v12 = llvm.zext %arg0 : i40 to i80
    %v13 = llvm.zext %arg1 : i40 to i80
    %v14 = llvm.mul %v12, %v13 : i80
    %v15 = llvm.lshr %v14, %v8 : i80
    %v16 = llvm.trunc %v15 : i80 to i40
    %v17 = llvm.insertvalue %v16, %v11[2] : !llvm.struct<(i40, i40, i40)>
    llvm.return %v17 : !llvm.struct<(i40, i40, i40)>
  }
  llvm.func @prefix(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> !llvm.struct<(i24, i12)> attributes {kiln.abi = "{\22name\22:\22prefix\22,\22a\22:[[\22ndarray\22,\22i12\22,1,5]],\22r\22:[\22i24\22,\22i12\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(20 : i64) : i64
    %v1 = llvm.call @malloc(%v0) : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %v1, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.mlir.constant(0 : i64) : i64
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.mlir.constant(5 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.mlir.constant(1 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.mlir.constant(0 : i24) : i24
    llvm.br ^bb1(%v5, %v12 : i64, i24)
  ^bb1(%b1_0: i64, %b1_1: i24):
    %v14 = llvm.icmp "eq" %b1_0, %v7 : i64
    llvm.cond_br %v14, ^bb3, ^bb2
  ^bb2:
    %v16 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, i12
    %v17 = llvm.load %v16 : !llvm.ptr -> i12
    %v19 = llvm.sext %v17 : i12 to i24
    %v20 = llvm.add %b1_1, %v19 : i24
    %v21 = llvm.getelementptr %v1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, i24
    llvm.store %v20, %v21 : i24, !llvm.ptr
    %v22 = llvm.trunc %v20 : i24 to i12
    llvm.store %v22, %v16 : i12, !llvm.ptr
    %v23 = llvm.add %b1_0, %v9 : i64
    llvm.br ^bb1(%v23, %v20 : i64, i24)
  ^bb3:
    %v24 = llvm.alloca %v7 x i12 : (i64) -> !llvm.ptr
    %v25 = llvm.insertvalue %v24, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v26 = llvm.insertvalue %v24, %v25[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v27 = llvm.insertvalue %v5, %v26[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v28 = llvm.insertvalue %v7, %v27[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v29 = llvm.insertvalue %v9, %v28[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v31 = llvm.mlir.constant(10 : i64) : i64
    llvm.call @memcpy(%v24, %arg1, %v31) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %v32 = llvm.mlir.constant(4 : i64) : i64
    %v33 = llvm.getelementptr %v1[%v32] : (!llvm.ptr, i64) -> !llvm.ptr, i24
    %v34 = llvm.load %v33 : !llvm.ptr -> i24
    %v35 = llvm.mlir.constant(2 : i64) : i64
    %v36 = llvm.getelementptr %v24[%v35] : (!llvm.ptr, i64) -> !llvm.ptr, i12
    %v37 = llvm.load %v36 : !llvm.ptr -> i12
    llvm.call @free(%v1) : (!llvm.ptr) -> ()
    %v38 = llvm.mlir.undef : !llvm.struct<(i24, i12)>
    %v39 = llvm.insertvalue %v34, %v38[0] : !llvm.struct<(i24, i12)>
    %v40 = llvm.insertvalue %v37, %v39[1] : !llvm.struct<(i24, i12)>
    llvm.return %v40 : !llvm.struct<(i24, i12)>
  }
  llvm.func @wide(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> i40 attributes {kiln.abi = "{\22name\22:\22wide\22,\22a\22:[[\22ndarray\22,\22i40\22,1,3],\22i64\22],\22r\22:[\22i40\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, i40
    %v3 = llvm.load %v2 : !llvm.ptr -> i40
    %v4 = llvm.mlir.constant(-1 : i40) : i40
    %v5 = llvm.add %v3, %v4 : i40
    llvm.store %v5, %v2 : i40, !llvm.ptr
    llvm.return %v5 : i40
  }
  llvm.func @lookup(%arg0: i64) -> i12 attributes {kiln.abi = "{\22name\22:\22lookup\22,\22a\22:[\22i64\22],\22r\22:[\22i12\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @table : !llvm.ptr
    %v2 = llvm.getelementptr %v0[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, i12
    %v3 = llvm.load %v2 : !llvm.ptr -> i12
    llvm.return %v3 : i12
  }
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @free(!llvm.ptr)
}
