module {
  llvm.func @transpose(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64) attributes {kiln.abi = "{\22name\22:\22transpose\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v5 = llvm.mlir.constant(4 : i64) : i64
    %v22 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0 : i64)
  ^bb1(%b1_0: i64):
    %v3 = llvm.icmp "slt" %b1_0, %arg3 : i64
    %v6 = llvm.add %b1_0, %v5 : i64
    %v7 = llvm.intr.smin(%v6, %arg3) : (i64, i64) -> i64
    llvm.cond_br %v3, ^bb2(%b1_0 : i64), ^bb7
  ^bb2(%b2_0: i64):
    %v8 = llvm.icmp "slt" %b2_0, %v7 : i64
    %v13 = llvm.mul %b2_0, %arg5 : i64
    llvm.cond_br %v8, ^bb3(%v0 : i64), ^bb6
  ^bb3(%b3_0: i64):
    %v10 = llvm.icmp "slt" %b3_0, %arg3 : i64
    llvm.cond_br %v10, ^bb4, ^bb5
  ^bb4:
    %v14 = llvm.add %v13, %b3_0 : i64
    %v15 = llvm.getelementptr %arg1[%v14] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v16 = llvm.load %v15 : !llvm.ptr -> f32
    %v19 = llvm.mul %b3_0, %arg12 : i64
    %v20 = llvm.add %v19, %b2_0 : i64
    %v21 = llvm.getelementptr %arg8[%v20] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %v16, %v21 : f32, !llvm.ptr
    %v23 = llvm.add %b3_0, %v22 : i64
    llvm.br ^bb3(%v23 : i64)
  ^bb5:
    %v24 = llvm.add %b2_0, %v22 : i64
    llvm.br ^bb2(%v24 : i64)
  ^bb6:
    llvm.br ^bb1(%v6 : i64)
  ^bb7:
    llvm.return
  }
}
