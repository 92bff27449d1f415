module {
  llvm.func @sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0.0e0 : f32) : f32
    %v8 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v1 : i64, f32)
  ^bb1(%b1_0: i64, %b1_1: f32):
    %v4 = llvm.icmp "slt" %b1_0, %arg5 : i64
    llvm.cond_br %v4, ^bb2, ^bb3
  ^bb2:
    %v6 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    %v9 = llvm.add %b1_0, %v8 : i64
    %v11 = llvm.fadd %b1_1, %v7 : f32
    llvm.br ^bb1(%v9, %v11 : i64, f32)
  ^bb3:
    llvm.return %b1_1 : f32
  }
  llvm.func @second(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22second\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v3 = llvm.mlir.constant(1 : i64) : i64
    %v4 = llvm.getelementptr %v2[%v3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v5 = llvm.load %v4 : !llvm.ptr -> f32
    llvm.return %v5 : f32
  }
}
