module {
  llvm.func @arith(%arg0: f16, %arg1: f16) -> !llvm.struct<(f16, f16, f16, f16, f16)> attributes {kiln.abi = "{\22name\22:\22arith\22,\22a\22:[\22f16\22,\22f16\22],\22r\22:[\22f16\22,\22f16\22,\22f16\22,\22f16\22,\22f16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f16, f16, f16, f16, f16)>
    %v3 = llvm.fadd %arg0, %arg1 : f16
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(f16, f16, f16, f16, f16)>
    %v5 = llvm.fsub %arg0, %arg1 : f16
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(f16, f16, f16, f16, f16)>
    %v7 = llvm.fmul %arg0, %arg1 : f16
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(f16, f16, f16, f16, f16)>
    %v9 = llvm.fdiv %arg0, %arg1 : f16
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(f16, f16, f16, f16, f16)>
    %v11 = llvm.intr.maximum(%arg0, %arg1) : (f16, f16) -> f16
    %v12 = llvm.insertvalue %v11, %v10[4] : !llvm.struct<(f16, f16, f16, f16, f16)>
    llvm.return %v12 : !llvm.struct<(f16, f16, f16, f16, f16)>
  }
  llvm.func @conversions(%arg0: f16, %arg1: i32) -> !llvm.struct<(f32, f64, f16, i32, f16)> attributes {kiln.abi = "{\22name\22:\22conversions\22,\22a\22:[\22f16\22,\22i32\22],\22r\22:[\22f32\22,\22f64\22,\22f16\22,\22i32\22,\22f16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f32, f64, f16, i32, f16)>
    %v2 = llvm.fpext %arg0 : f16 to f32
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f32, f64, f16, i32, f16)>
    %v4 = llvm.fpext %arg0 : f16 to f64
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(f32, f64, f16, i32, f16)>
    %v6 = llvm.mlir.constant(3.14159265e0 : f64) : f64
    %v7 = llvm.fptrunc %v6 : f64 to f16
    %v8 = llvm.insertvalue %v7, %v5[2] : !llvm.struct<(f32, f64, f16, i32, f16)>
    %v9 = llvm.fptosi %arg0 : f16 to i32
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(f32, f64, f16, i32, f16)>
    %v12 = llvm.sitofp %arg1 : i32 to f16
    %v13 = llvm.insertvalue %v12, %v10[4] : !llvm.struct<(f32, f64, f16, i32, f16)>
    llvm.return %v13 : !llvm.struct<(f32, f64, f16, i32, f16)>
  }
  llvm.func @compare(%arg0: f16, %arg1: f16) -> !llvm.struct<(i1, i1)> attributes {kiln.abi = "{\22name\22:\22compare\22,\22a\22:[\22f16\22,\22f16\22],\22r\22:[\22i1\22,\22i1\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i1, i1)>
    %v3 = llvm.fcmp "olt" %arg0, %arg1 : f16
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i1, i1)>
    %v5 = llvm.fcmp "uno" %arg0, %arg1 : f16
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i1, i1)>
    llvm.return %v6 : !llvm.struct<(i1, i1)>
  }
  llvm.func @sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f16 attributes {kiln.abi = "{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f16\22,1,null]],\22r\22:[\22f16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0.0e0 : f16) : f16
    %v9 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v1 : i64, f16)
  ^bb1(%b1_0: i64, %b1_1: f16):
    %v4 = llvm.icmp "eq" %b1_0, %arg3 : i64
    llvm.cond_br %v4, ^bb3, ^bb2
  ^bb2:
    %v6 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, f16
    %v7 = llvm.load %v6 : !llvm.ptr -> f16
    %v8 = llvm.fadd %v7, %v7 : f16
    llvm.store %v8, %v6 : f16, !llvm.ptr
    %v10 = llvm.add %b1_0, %v9 : i64
    %v12 = llvm.fadd %b1_1, %v7 : f16
    llvm.br ^bb1(%v10, %v12 : i64, f16)
  ^bb3:
    llvm.return %b1_1 : f16
  }
}
