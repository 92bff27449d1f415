module {
  llvm.func internal @collatz(%arg0: i32) -> i32 {
    %v1 = llvm.mlir.constant(0 : i32) : i32
    %v3 = llvm.mlir.constant(1 : i32) : i32
    %v9 = llvm.mlir.constant(3 : i32) : i32
    llvm.br ^bb1(%arg0, %v1 : i32, i32)
  ^bb1(%b1_0: i32, %b1_1: i32):
    %v4 = llvm.icmp "eq" %b1_0, %v3 : i32
    llvm.cond_br %v4, ^bb5(%b1_1 : i32), ^bb2
  ^bb2:
    %v6 = llvm.and %b1_0, %v3 : i32
    llvm.switch %v6 : i32, ^bb4 [
      0: ^bb3
    ]
  ^bb3:
    %v7 = llvm.lshr %b1_0, %v3 : i32
    %v8 = llvm.add %b1_1, %v3 overflow<nsw> : i32
    llvm.br ^bb1(%v7, %v8 : i32, i32)
  ^bb4:
    %v10 = llvm.mul %b1_0, %v9 : i32
    %v11 = llvm.add %v10, %v3 : i32
    %v12 = llvm.add %b1_1, %v3 overflow<nsw> : i32
    llvm.br ^bb1(%v11, %v12 : i32, i32)
  ^bb5(%b5_0: i32):
    llvm.return %b5_0 : i32
  }
  llvm.func @mix(%arg0: i32, %arg1: i32) -> i64 attributes {kiln.abi = "{\22name\22:\22mix\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v2 = llvm.icmp "ult" %arg0, %arg1 : i32
    %v3 = llvm.sdiv %arg0, %arg1 : i32
    %v4 = llvm.srem %arg0, %arg1 : i32
    %v5 = llvm.xor %v3, %v4 : i32
    %v6 = llvm.udiv %arg0, %arg1 : i32
    %v7 = llvm.or %v5, %v6 : i32
    %v8 = llvm.shl %v7, %arg1 : i32
    %v9 = llvm.ashr %arg0, %arg1 : i32
    %v10 = llvm.sub %v8, %v9 : i32
    %v11 = llvm.trunc %v10 : i32 to i8
    %v12 = llvm.zext %v11 : i8 to i64
    %v13 = llvm.urem %arg0, %arg1 : i32
    %v14 = llvm.sext %v13 : i32 to i64
    %v15 = llvm.select %v2, %v12, %v14 : i1, i64
    %v16 = llvm.add %v15, %v12 : i64
    llvm.return %v16 : i64
  }
  llvm.func @poly(%arg0: f64) -> f64 attributes {kiln.abi = "{\22name\22:\22poly\22,\22a\22:[\22f64\22],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(1.5e0 : f64) : f64
    %v2 = llvm.fmul %arg0, %v1 : f64
    %v3 = llvm.fadd %v2, %arg0 {fastmathFlags = #llvm.fastmath<contract>} : f64
    %v4 = llvm.fdiv %v3, %v1 : f64
    %v5 = llvm.fsub %v4, %v1 : f64
    %v6 = llvm.frem %v5, %v1 : f64
    %v7 = llvm.fneg %v6 : f64
    %v8 = llvm.fptrunc %v7 : f64 to f32
    %v9 = llvm.fpext %v8 : f32 to f64
    %v10 = llvm.fcmp "olt" %v9, %arg0 : f64
    %v11 = llvm.fcmp "_true" %v9, %arg0 : f64
    %v12 = llvm.and %v10, %v11 : i1
    %v13 = llvm.select %v12, %v9, %arg0 : i1, f64
    llvm.return %v13 : f64
  }
  llvm.func @bits(%arg0: f32) -> i32 attributes {kiln.abi = "{\22name\22:\22bits\22,\22a\22:[\22f32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.bitcast %arg0 : f32 to i32
    %v2 = llvm.mlir.constant(20 : i32) : i32
    %v3 = llvm.lshr %v1, %v2 : i32
    %v4 = llvm.fptosi %arg0 : f32 to i32
    %v5 = llvm.sitofp %v4 : i32 to f64
    %v6 = llvm.fptoui %arg0 : f32 to i32
    %v7 = llvm.uitofp %v6 : i32 to f64
    %v8 = llvm.fadd %v5, %v7 : f64
    %v9 = llvm.fptosi %v8 : f64 to i32
    %v10 = llvm.add %v3, %v9 : i32
    llvm.return %v10 : i32
  }
  llvm.func @main() -> i32 attributes {kiln.abi = "{\22name\22:\22main\22,\22a\22:[],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(27 : i32) : i32
    %v1 = llvm.call @collatz(%v0) : (i32) -> i32
    %v2 = llvm.mlir.constant(-17 : i32) : i32
    %v3 = llvm.mlir.constant(3 : i32) : i32
    %v4 = llvm.call @mix(%v2, %v3) : (i32, i32) -> i64
    %v5 = llvm.mlir.constant(2.25e0 : f64) : f64
    %v6 = llvm.call @poly(%v5) : (f64) -> f64
    %v7 = llvm.mlir.constant(6.75e0 : f32) : f32
    %v8 = llvm.call @bits(%v7) : (f32) -> i32
    %v9 = llvm.trunc %v4 : i64 to i32
    %v10 = llvm.add %v1, %v9 : i32
    %v11 = llvm.fptosi %v6 : f64 to i32
    %v12 = llvm.add %v10, %v11 : i32
    %v13 = llvm.add %v12, %v8 : i32
    llvm.return %v13 : i32
  }
}
