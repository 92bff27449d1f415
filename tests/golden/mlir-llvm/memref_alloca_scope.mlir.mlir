module {
  llvm.func @sum(%arg0: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22sum\22,\22a\22:[\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0.0e0 : f32) : f32
    %v7 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.mlir.constant(1 : i64) : i64
    %v19 = llvm.mlir.constant(2 : i64) : i64
    %v27 = llvm.mlir.constant(2.0e0 : f32) : f32
    llvm.br ^bb1(%v0, %v1 : i64, f32)
  ^bb1(%b1_0: i64, %b1_1: f32):
    %v4 = llvm.icmp "sge" %b1_0, %arg0 : i64
    llvm.cond_br %v4, ^bb3, ^bb2
  ^bb2:
    %v5 = llvm.intr.stacksave : !llvm.ptr
    %v6 = llvm.alloca %arg0 x f32 : (i64) -> !llvm.ptr
    %v8 = llvm.insertvalue %v6, %v7[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %v6, %v8[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.insertvalue %v0, %v9[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v11 = llvm.insertvalue %arg0, %v10[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v13 = llvm.insertvalue %v12, %v11[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v15 = llvm.trunc %b1_0 : i64 to i32
    %v16 = llvm.sitofp %v15 : i32 to f32
    %v17 = llvm.getelementptr %v6[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v16, %v17 : f32, !llvm.ptr
    %v18 = llvm.intr.stacksave : !llvm.ptr
    %v20 = llvm.alloca %v19 x f32 : (i64) -> !llvm.ptr
    %v21 = llvm.insertvalue %v20, %v7[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v22 = llvm.insertvalue %v20, %v21[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v23 = llvm.insertvalue %v0, %v22[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v24 = llvm.insertvalue %v19, %v23[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v25 = llvm.insertvalue %v12, %v24[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v28 = llvm.fdiv %v16, %v27 : f32
    %v29 = llvm.getelementptr %v20[%v12] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v28, %v29 : f32, !llvm.ptr
    %v30 = llvm.load %v29 : !llvm.ptr -> f32
    llvm.intr.stackrestore %v18 : !llvm.ptr
    %v31 = llvm.load %v17 : !llvm.ptr -> f32
    llvm.intr.stackrestore %v5 : !llvm.ptr
    %v32 = llvm.add %b1_0, %v12 : i64
    %v34 = llvm.fadd %b1_1, %v31 : f32
    %v35 = llvm.fadd %v34, %v30 : f32
    llvm.br ^bb1(%v32, %v35 : i64, f32)
  ^bb3:
    llvm.return %b1_1 : f32
  }
  llvm.func @twice(%arg0: f32, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22twice\22,\22a\22:[\22f32\22,[\22ndarray\22,\22f32\22,1,1]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.intr.stacksave : !llvm.ptr
    %v1 = llvm.mlir.constant(1 : i64) : i64
    %v2 = llvm.alloca %v1 x f32 : (i64) -> !llvm.ptr
    %v3 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %v2, %v3[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.insertvalue %v2, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.mlir.constant(0 : i64) : i64
    %v7 = llvm.insertvalue %v6, %v5[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.insertvalue %v1, %v7[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %v1, %v8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %arg0, %v2 : f32, !llvm.ptr
    %v12 = llvm.load %v2 : !llvm.ptr -> f32
    llvm.intr.stackrestore %v0 : !llvm.ptr
    %v13 = llvm.intr.stacksave : !llvm.ptr
    %v14 = llvm.mlir.constant(4 : i64) : i64
    %v15 = llvm.alloca %v14 x f32 : (i64) -> !llvm.ptr
    %v16 = llvm.insertvalue %v15, %v3[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v17 = llvm.insertvalue %v15, %v16[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v18 = llvm.insertvalue %v6, %v17[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v19 = llvm.insertvalue %v14, %v18[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v20 = llvm.insertvalue %v1, %v19[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.intr.stackrestore %v13 : !llvm.ptr
    %v22 = llvm.fadd %v12, %v12 : f32
    llvm.store %v22, %arg2 : f32, !llvm.ptr
    llvm.return %v22 : f32
  }
}
