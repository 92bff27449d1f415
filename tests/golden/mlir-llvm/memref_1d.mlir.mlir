module {
  llvm.func @sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0.0e0 : f32) : f32
    %v8 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v1 : i64, f32)
  ^bb1(%b1_0: i64, %b1_1: f32):
    %v4 = llvm.icmp "sge" %b1_0, %arg3 : i64
    llvm.cond_br %v4, ^bb3, ^bb2
  ^bb2:
    %v6 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    %v9 = llvm.add %b1_0, %v8 : i64
    %v11 = llvm.fadd %b1_1, %v7 : f32
    llvm.br ^bb1(%v9, %v11 : i64, f32)
  ^bb3:
    llvm.return %b1_1 : f32
  }
  llvm.func @sum_twice(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22sum_twice\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v5 = llvm.call @sum(%arg0, %arg1, %arg2, %arg3, %arg4) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> f32
    %v6 = llvm.fadd %v5, %v5 : f32
    llvm.return %v6 : f32
  }
}
