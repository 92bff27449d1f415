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
  llvm.func @pick_memref(%arg0: i1, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22pick_memref\22,\22a\22:[\22i1\22,[\22ndarray\22,\22f32\22,1,4],\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %arg1, %v1[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.insertvalue %arg2, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %arg3, %v5[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %arg4, %v7[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v11 = llvm.insertvalue %arg5, %v9[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v13 = llvm.select %arg0, %v11, %v12 : i1, !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v14 = llvm.extractvalue %v13[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v16 = llvm.getelementptr %v14[%arg6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v17 = llvm.load %v16 : !llvm.ptr -> f32
    llvm.return %v17 : f32
  }
  llvm.func @pick_unranked(%arg0: i1, %arg1: i64, %arg2: !llvm.ptr) -> i64 attributes {kiln.abi = "{\22name\22:\22pick_unranked\22,\22a\22:[\22i1\22,[\22ndarray\22,\22f32\22,null]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v3 = llvm.insertvalue %arg1, %v1[0] : !llvm.struct<(i64, ptr)>
    %v5 = llvm.insertvalue %arg2, %v3[1] : !llvm.struct<(i64, ptr)>
    %v6 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %v7 = llvm.select %arg0, %v5, %v6 : i1, !llvm.struct<(i64, ptr)>
    %v8 = llvm.extractvalue %v7[0] : !llvm.struct<(i64, ptr)>
    llvm.return %v8 : i64
  }
}
