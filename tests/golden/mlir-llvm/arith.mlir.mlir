module {
  llvm.func @integers(%arg0: i32, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22integers\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.add %arg0, %arg1 : i32
    %v3 = llvm.sub %v2, %arg1 overflow<nsw> : i32
    %v4 = llvm.mul %v3, %arg0 : i32
    %v5 = llvm.sdiv %v4, %arg1 : i32
    %v6 = llvm.udiv %v5, %arg1 : i32
    %v7 = llvm.sdiv %v6, %arg1 : i32
    %v8 = llvm.mul %v7, %arg1 : i32
    %v9 = llvm.icmp "ne" %v8, %v6 : i32
    %v10 = llvm.mlir.constant(0 : i32) : i32
    %v11 = llvm.icmp "slt" %v6, %v10 : i32
    %v12 = llvm.icmp "slt" %arg1, %v10 : i32
    %v13 = llvm.icmp "eq" %v11, %v12 : i1
    %v14 = llvm.and %v9, %v13 : i1
    %v15 = llvm.mlir.constant(1 : i32) : i32
    %v16 = llvm.select %v14, %v15, %v10 : i1, i32
    %v17 = llvm.add %v7, %v16 : i32
    %v18 = llvm.icmp "eq" %v17, %v10 : i32
    %v19 = llvm.sub %v17, %v15 : i32
    %v20 = llvm.udiv %v19, %arg1 : i32
    %v21 = llvm.add %v20, %v15 : i32
    %v22 = llvm.select %v18, %v10, %v21 : i1, i32
    %v23 = llvm.sdiv %v22, %arg1 : i32
    %v24 = llvm.mul %v23, %arg1 : i32
    %v25 = llvm.icmp "ne" %v24, %v22 : i32
    %v26 = llvm.icmp "slt" %v22, %v10 : i32
    %v27 = llvm.icmp "ne" %v26, %v12 : i1
    %v28 = llvm.and %v25, %v27 : i1
    %v29 = llvm.select %v28, %v15, %v10 : i1, i32
    %v30 = llvm.sub %v23, %v29 : i32
    %v31 = llvm.srem %v30, %arg1 : i32
    %v32 = llvm.urem %v31, %arg1 : i32
    %v33 = llvm.and %v32, %arg0 : i32
    %v34 = llvm.or %v33, %arg0 : i32
    %v35 = llvm.xor %v34, %arg0 : i32
    %v36 = llvm.shl %v35, %arg1 : i32
    %v37 = llvm.ashr %v36, %arg1 : i32
    %v38 = llvm.lshr %v37, %arg1 : i32
    %v39 = llvm.intr.smax(%v38, %arg0) : (i32, i32) -> i32
    %v40 = llvm.intr.umax(%v39, %arg0) : (i32, i32) -> i32
    %v41 = llvm.intr.smin(%v40, %arg0) : (i32, i32) -> i32
    %v42 = llvm.intr.umin(%v41, %arg0) : (i32, i32) -> i32
    llvm.return %v42 : i32
  }
  llvm.func @floats(%arg0: f32, %arg1: f32) -> f32 attributes {kiln.abi = "{\22name\22:\22floats\22,\22a\22:[\22f32\22,\22f32\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.fadd %arg0, %arg1 : f32
    %v3 = llvm.fsub %v2, %arg1 {fastmathFlags = #llvm.fastmath<fast>} : f32
    %v4 = llvm.fmul %v3, %arg0 : f32
    %v5 = llvm.fdiv %v4, %arg1 : f32
    %v6 = llvm.frem %v5, %arg1 : f32
    %v7 = llvm.intr.maximum(%v6, %arg0) : (f32, f32) -> f32
    %v8 = llvm.intr.minimum(%v7, %arg0) : (f32, f32) -> f32
    %v9 = llvm.intr.maxnum(%v8, %arg0) : (f32, f32) -> f32
    %v10 = llvm.intr.minnum(%v9, %arg0) : (f32, f32) -> f32
    %v11 = llvm.fneg %v10 : f32
    llvm.return %v11 : f32
  }
  llvm.func @constants() -> !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)> attributes {kiln.abi = "{\22name\22:\22constants\22,\22a\22:[],\22r\22:[\22i1\22,\22i8\22,\22i16\22,\22i64\22,\22i64\22,\22f16\22,\22f32\22,\22f64\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v1 = llvm.mlir.constant(true) : i1
    %v2 = llvm.insertvalue %v1, %v0[0] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v3 = llvm.mlir.constant(-128 : i8) : i8
    %v4 = llvm.insertvalue %v3, %v2[1] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v5 = llvm.mlir.constant(-1 : i16) : i16
    %v6 = llvm.insertvalue %v5, %v4[2] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v7 = llvm.mlir.constant(9223372036854775807 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[3] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v9 = llvm.mlir.constant(-1 : i64) : i64
    %v10 = llvm.insertvalue %v9, %v8[4] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v11 = llvm.mlir.constant(1.5e0 : f16) : f16
    %v12 = llvm.insertvalue %v11, %v10[5] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v13 = llvm.mlir.constant(0x7F800000 : f32) : f32
    %v14 = llvm.insertvalue %v13, %v12[6] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v15 = llvm.mlir.constant(-2.5e-3 : f64) : f64
    %v16 = llvm.insertvalue %v15, %v14[7] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    %v17 = llvm.mlir.constant(1.0000000149011612e-1 : f32) : f32
    %v18 = llvm.insertvalue %v17, %v16[8] : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
    llvm.return %v18 : !llvm.struct<(i1, i8, i16, i64, i64, f16, f32, f64, f32)>
  }
  llvm.func @compare_int(%arg0: i64, %arg1: i64) -> i1 attributes {kiln.abi = "{\22name\22:\22compare_int\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i1\22],\22v\22:1}"} {
    %v2 = llvm.icmp "eq" %arg0, %arg1 : i64
    %v3 = llvm.icmp "ne" %arg0, %arg1 : i64
    %v4 = llvm.xor %v2, %v3 : i1
    %v5 = llvm.icmp "slt" %arg0, %arg1 : i64
    %v6 = llvm.xor %v4, %v5 : i1
    %v7 = llvm.icmp "sle" %arg0, %arg1 : i64
    %v8 = llvm.xor %v6, %v7 : i1
    %v9 = llvm.icmp "sgt" %arg0, %arg1 : i64
    %v10 = llvm.xor %v8, %v9 : i1
    %v11 = llvm.icmp "sge" %arg0, %arg1 : i64
    %v12 = llvm.xor %v10, %v11 : i1
    %v13 = llvm.icmp "ult" %arg0, %arg1 : i64
    %v14 = llvm.xor %v12, %v13 : i1
    %v15 = llvm.icmp "ule" %arg0, %arg1 : i64
    %v16 = llvm.xor %v14, %v15 : i1
    %v17 = llvm.icmp "ugt" %arg0, %arg1 : i64
    %v18 = llvm.xor %v16, %v17 : i1
    %v19 = llvm.icmp "uge" %arg0, %arg1 : i64
    %v20 = llvm.xor %v18, %v19 : i1
    llvm.return %v20 : i1
  }
  llvm.func @compare_float(%arg0: f64, %arg1: f64) -> i1 attributes {kiln.abi = "{\22name\22:\22compare_float\22,\22a\22:[\22f64\22,\22f64\22],\22r\22:[\22i1\22],\22v\22:1}"} {
    %v2 = llvm.fcmp "ord" %arg0, %arg1 : f64
    %v3 = llvm.fcmp "oeq" %arg0, %arg1 : f64
    %v4 = llvm.fcmp "_true" %arg0, %arg1 : f64
    %v5 = llvm.select %v2, %v3, %v4 : i1, i1
    llvm.return %v5 : i1
  }
  llvm.func @conversions(%arg0: i32, %arg1: f32, %arg2: i64) -> f64 attributes {kiln.abi = "{\22name\22:\22conversions\22,\22a\22:[\22i32\22,\22f32\22,\22i64\22],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v1 = llvm.fptosi %arg1 : f32 to i32
    %v2 = llvm.sext %v1 : i32 to i64
    %v3 = llvm.trunc %v2 : i64 to i32
    %v4 = llvm.bitcast %v3 : i32 to f32
    %v5 = llvm.fpext %v4 : f32 to f64
    %v7 = llvm.zext %arg0 : i32 to i64
    %v8 = llvm.uitofp %v7 : i64 to f64
    %v9 = llvm.fadd %v5, %v8 : f64
    llvm.return %v9 : f64
  }
  llvm.func @generic(%arg0: i32) -> i64 attributes {kiln.abi = "{\22name\22:\22generic\22,\22a\22:[\22i32\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.call @widen(%arg0) : (i32) -> i64
    llvm.call @use(%v1) : (i64) -> ()
    llvm.return %v1 : i64
  }
  llvm.func @widen(i32) -> i64
  llvm.func @use(i64)
}
