module {
  llvm.func @assume_then_load(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22assume_then_load\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v3 = llvm.ptrtoint %v2 : !llvm.ptr to i64
    %v4 = llvm.mlir.constant(3 : i64) : i64
    %v5 = llvm.and %v3, %v4 : i64
    %v6 = llvm.mlir.constant(0 : i64) : i64
    %v7 = llvm.icmp "eq" %v5, %v6 : i64
    llvm.call @llvm.assume(%v7) : (i1) -> ()
    %v9 = llvm.getelementptr %v2[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v10 = llvm.load %v9 : !llvm.ptr -> f32
    llvm.return %v10 : f32
  }
  llvm.func @misalignment(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22misalignment\22,\22a\22:[[\22ndarray\22,\22f32\22,1,8]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.ptrtoint %arg1 : !llvm.ptr to i64
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v3 = llvm.and %v1, %v2 : i64
    %v4 = llvm.mlir.constant(0 : i64) : i64
    %v5 = llvm.icmp "eq" %v3, %v4 : i64
    llvm.call @llvm.assume(%v5) : (i1) -> ()
    %v6 = llvm.mlir.constant(4 : i64) : i64
    %v7 = llvm.urem %v1, %v6 : i64
    llvm.return %v7 : i64
  }
  llvm.func @generic(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22generic\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.ptrtoint %arg1 : !llvm.ptr to i64
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v3 = llvm.and %v1, %v2 : i64
    %v4 = llvm.mlir.constant(0 : i64) : i64
    %v5 = llvm.icmp "eq" %v3, %v4 : i64
    llvm.call @llvm.assume(%v5) : (i1) -> ()
    %v6 = llvm.mlir.constant(2 : i64) : i64
    %v7 = llvm.urem %v1, %v6 : i64
    llvm.return %v7 : i64
  }
  llvm.func @llvm.assume(i1)
}
