module {
  llvm.func @pick(%arg0: i1, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22pick\22,\22a\22:[\22i1\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.poison : i32
    %v3 = llvm.select %arg0, %arg1, %v2 : i1, i32
    llvm.return %v3 : i32
  }
  llvm.func @first_or_poison(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> f64 attributes {kiln.abi = "{\22name\22:\22first_or_poison\22,\22a\22:[[\22ndarray\22,\22f64\22,1,null],\22i64\22],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v2 = llvm.icmp "ult" %arg5, %arg3 : i64
    llvm.cond_br %v2, ^bb1, ^bb2
  ^bb1:
    %v4 = llvm.getelementptr %arg1[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v5 = llvm.load %v4 : !llvm.ptr -> f64
    llvm.return %v5 : f64
  ^bb2:
    %v6 = llvm.mlir.poison : f64
    llvm.return %v6 : f64
  }
  llvm.func @index_poison(%arg0: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22index_poison\22,\22a\22:[\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    llvm.return %arg0 : i64
  }
}
