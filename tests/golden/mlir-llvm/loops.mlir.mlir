module {
  llvm.func @factorial(%arg0: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22factorial\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v0 : i64, i64)
  ^bb1(%b1_0: i64, %b1_1: i64):
    %v3 = llvm.icmp "sgt" %b1_0, %arg0 : i64
    llvm.cond_br %v3, ^bb3, ^bb2
  ^bb2:
    %v4 = llvm.add %b1_0, %v0 : i64
    %v6 = llvm.mul %b1_1, %b1_0 : i64
    llvm.br ^bb1(%v4, %v6 : i64, i64)
  ^bb3:
    llvm.return %b1_1 : i64
  }
  llvm.func @gcd(%arg0: i32, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22gcd\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v3 = llvm.mlir.constant(0 : i32) : i32
    llvm.br ^bb1(%arg0, %arg1 : i32, i32)
  ^bb1(%b1_0: i32, %b1_1: i32):
    %v4 = llvm.icmp "eq" %b1_1, %v3 : i32
    llvm.cond_br %v4, ^bb3(%b1_0 : i32), ^bb2
  ^bb2:
    %v6 = llvm.srem %b1_0, %b1_1 : i32
    llvm.br ^bb1(%b1_1, %v6 : i32, i32)
  ^bb3(%b3_0: i32):
    llvm.return %b3_0 : i32
  }
  llvm.func @sum_below(%arg0: i64) -> !llvm.struct<(i32, i64)> attributes {kiln.abi = "{\22name\22:\22sum_below\22,\22a\22:[\22i64\22],\22r\22:[\22i32\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v4 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v0 : i64, i64)
  ^bb1(%b1_0: i64, %b1_1: i64):
    %v3 = llvm.icmp "ult" %b1_0, %arg0 : i64
    llvm.cond_br %v3, ^bb2, ^bb3
  ^bb2:
    %v5 = llvm.add %b1_0, %v4 : i64
    %v7 = llvm.add %b1_1, %b1_0 : i64
    llvm.br ^bb1(%v5, %v7 : i64, i64)
  ^bb3:
    %v8 = llvm.mlir.undef : !llvm.struct<(i32, i64)>
    %v10 = llvm.trunc %b1_1 : i64 to i32
    %v11 = llvm.insertvalue %v10, %v8[0] : !llvm.struct<(i32, i64)>
    %v12 = llvm.insertvalue %b1_0, %v11[1] : !llvm.struct<(i32, i64)>
    llvm.return %v12 : !llvm.struct<(i32, i64)>
  }
  llvm.func @grade(%arg0: i32, %arg1: f64) -> f64 attributes {kiln.abi = "{\22name\22:\22grade\22,\22a\22:[\22i32\22,\22f64\22],\22r\22:[\22f64\22],\22v\22:1}"} {
    llvm.switch %arg0 : i32, ^bb3 [
      1: ^bb1,
      2: ^bb2
    ]
  ^bb1:
    %v2 = llvm.fadd %arg1, %arg1 : f64
    llvm.return %v2 : f64
  ^bb2:
    %v4 = llvm.fmul %arg1, %arg1 : f64
    llvm.return %v4 : f64
  ^bb3:
    %v6 = llvm.fneg %arg1 : f64
    llvm.return %v6 : f64
  }
  llvm.func @gcd_and_lcm(%arg0: i32, %arg1: i32) -> !llvm.struct<(i32, i32)> attributes {kiln.abi = "{\22name\22:\22gcd_and_lcm\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}"} {
    %v2 = llvm.call @gcd(%arg0, %arg1) : (i32, i32) -> i32
    %v3 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
    %v4 = llvm.insertvalue %v2, %v3[0] : !llvm.struct<(i32, i32)>
    %v5 = llvm.mul %arg0, %arg1 : i32
    %v6 = llvm.sdiv %v5, %v2 : i32
    %v7 = llvm.insertvalue %v6, %v4[1] : !llvm.struct<(i32, i32)>
    llvm.return %v7 : !llvm.struct<(i32, i32)>
  }
}
