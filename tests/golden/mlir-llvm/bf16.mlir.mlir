module {
  llvm.mlir.global private constant @weights(dense<[5.0e-1, 1.296875e0, -2.0e0]> : tensor<3xbf16>) {addr_space = 0 : i32} : !llvm.array<3 x bf16>
  llvm.func @arith(%arg0: bf16, %arg1: bf16) -> !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)> attributes {kiln.abi = "{\22name\22:\22arith\22,\22a\22:[\22i16\22,\22i16\22],\22r\22:[\22i16\22,\22i16\22,\22i16\22,\22i16\22,\22i16\22,\22i16\22,\22i16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    %v3 = llvm.fadd %arg0, %arg1 : bf16
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    %v5 = llvm.fsub %arg0, %arg1 : bf16
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    %v7 = llvm.fmul %arg0, %arg1 : bf16
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    %v9 = llvm.fdiv %arg0, %arg1 : bf16
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    %v11 = llvm.intr.maximum(%arg0, %arg1) : (bf16, bf16) -> bf16
    %v12 = llvm.insertvalue %v11, %v10[4] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    %v13 = llvm.fneg %arg0 : bf16
    %v14 = llvm.insertvalue %v13, %v12[5] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    %v15 = llvm.intr.minnum(%arg0, %arg1) : (bf16, bf16) -> bf16
    %v16 = llvm.insertvalue %v15, %v14[6] : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
    llvm.return %v16 : !llvm.struct<(bf16, bf16, bf16, bf16, bf16, bf16, bf16)>
  }
  llvm.func @conversions(%arg0: bf16, %arg1: f64, %arg2: i32) -> !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)> attributes {kiln.abi = "{\22name\22:\22conversions\22,\22a\22:[\22i16\22,\22f64\22,\22i32\22],\22r\22:[\22f32\22,\22f64\22,\22i16\22,\22i16\22,\22i32\22,\22i16\22,\22f16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    %v2 = llvm.fpext %arg0 : bf16 to f32
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    %v4 = llvm.fpext %arg0 : bf16 to f64
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    %v7 = llvm.fptrunc %arg1 : f64 to bf16
    %v8 = llvm.insertvalue %v7, %v5[2] : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    %v9 = llvm.mlir.constant(3.1415927410125732e0 : f32) : f32
    %v10 = llvm.fptrunc %v9 : f32 to bf16
    %v11 = llvm.insertvalue %v10, %v8[3] : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    %v12 = llvm.fptosi %arg0 : bf16 to i32
    %v13 = llvm.insertvalue %v12, %v11[4] : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    %v15 = llvm.sitofp %arg2 : i32 to bf16
    %v16 = llvm.insertvalue %v15, %v13[5] : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    %v17 = llvm.bitcast %arg0 : bf16 to i16
    %v18 = llvm.bitcast %v17 : i16 to f16
    %v19 = llvm.insertvalue %v18, %v16[6] : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
    llvm.return %v19 : !llvm.struct<(f32, f64, bf16, bf16, i32, bf16, f16)>
  }
  llvm.func @compare(%arg0: bf16, %arg1: bf16) -> !llvm.struct<(i1, i1, bf16)> attributes {kiln.abi = "{\22name\22:\22compare\22,\22a\22:[\22i16\22,\22i16\22],\22r\22:[\22i1\22,\22i1\22,\22i16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i1, i1, bf16)>
    %v3 = llvm.fcmp "olt" %arg0, %arg1 : bf16
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i1, i1, bf16)>
    %v5 = llvm.fcmp "oeq" %arg0, %arg1 : bf16
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i1, i1, bf16)>
    %v7 = llvm.select %v3, %arg0, %arg1 : i1, bf16
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(i1, i1, bf16)>
    llvm.return %v8 : !llvm.struct<(i1, i1, bf16)>
  }
  llvm.func @dot(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> !llvm.struct<(bf16, f32)> attributes {kiln.abi = "{\22name\22:\22dot\22,\22a\22:[[\22ndarray\22,\22i16\22,1,3]],\22r\22:[\22i16\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0.0e0 : bf16) : bf16
    %v2 = llvm.mlir.constant(0.0e0 : f32) : f32
    %v4 = llvm.mlir.constant(3 : i64) : i64
    %v9 = llvm.mlir.addressof @weights : !llvm.ptr
    %v13 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v1, %v2 : i64, bf16, f32)
  ^bb1(%b1_0: i64, %b1_1: bf16, %b1_2: f32):
    %v5 = llvm.icmp "eq" %b1_0, %v4 : i64
    llvm.cond_br %v5, ^bb3, ^bb2
  ^bb2:
    %v7 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    %v8 = llvm.load %v7 : !llvm.ptr -> bf16
    %v10 = llvm.getelementptr %v9[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    %v11 = llvm.load %v10 : !llvm.ptr -> bf16
    %v12 = llvm.fmul %v8, %v11 : bf16
    llvm.store %v12, %v7 : bf16, !llvm.ptr
    %v14 = llvm.add %b1_0, %v13 : i64
    %v16 = llvm.fadd %b1_1, %v12 : bf16
    %v18 = llvm.fpext %v12 : bf16 to f32
    %v19 = llvm.fadd %b1_2, %v18 : f32
    llvm.br ^bb1(%v14, %v16, %v19 : i64, bf16, f32)
  ^bb3:
    %v20 = llvm.mlir.undef : !llvm.struct<(bf16, f32)>
    %v22 = llvm.insertvalue %b1_1, %v20[0] : !llvm.struct<(bf16, f32)>
    %v24 = llvm.insertvalue %b1_2, %v22[1] : !llvm.struct<(bf16, f32)>
    llvm.return %v24 : !llvm.struct<(bf16, f32)>
  }
}
