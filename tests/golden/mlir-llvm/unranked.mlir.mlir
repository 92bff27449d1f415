module {
  llvm.func @print_memref_f32(i64, !llvm.ptr)
  llvm.func @rank_of(%arg0: i64, %arg1: !llvm.ptr) -> i64 attributes {kiln.abi = "{\22name\22:\22rank_of\22,\22a\22:[[\22ndarray\22,\22f32\22,null]],\22r\22:[\22i64\22],\22v\22:1}"} {
    llvm.return %arg0 : i64
  }
  llvm.func @first(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22first\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.insertvalue %arg2, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.insertvalue %arg3, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.insertvalue %arg4, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v12, %v1 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %v13 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v14 = llvm.insertvalue %v0, %v13[0] : !llvm.struct<(i64, ptr)>
    %v15 = llvm.insertvalue %v1, %v14[1] : !llvm.struct<(i64, ptr)>
    %v17 = llvm.call @rank_of(%v0, %v1) : (i64, !llvm.ptr) -> i64
    %v18 = llvm.load %v1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v19 = llvm.extractvalue %v18[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v20 = llvm.load %v19 : !llvm.ptr -> f32
    llvm.return %v20 : f32
  }
  llvm.func @erase(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> !llvm.struct<(i64, ptr)> attributes {kiln.abi = "{\22name\22:\22erase\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[[\22ndarray\22,\22f32\22,null]],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.insertvalue %arg2, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.insertvalue %arg3, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.insertvalue %arg4, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v12, %v1 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %v13 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v14 = llvm.insertvalue %v0, %v13[0] : !llvm.struct<(i64, ptr)>
    %v15 = llvm.insertvalue %v1, %v14[1] : !llvm.struct<(i64, ptr)>
    %v17 = llvm.mlir.constant(40 : i64) : i64
    %v18 = llvm.call @malloc(%v17) : (i64) -> !llvm.ptr
    llvm.call @memcpy(%v18, %v1, %v17) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %v19 = llvm.insertvalue %v18, %v14[1] : !llvm.struct<(i64, ptr)>
    llvm.return %v19 : !llvm.struct<(i64, ptr)>
  }
  llvm.func @dim0(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22dim0\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v5 = llvm.call @erase(%arg0, %arg1, %arg2, %arg3, %arg4) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.struct<(i64, ptr)>
    %v6 = llvm.intr.stacksave : !llvm.ptr
    %v7 = llvm.extractvalue %v5[0] : !llvm.struct<(i64, ptr)>
    %v8 = llvm.mlir.constant(16 : i64) : i64
    %v9 = llvm.mul %v7, %v8 : i64
    %v10 = llvm.mlir.constant(24 : i64) : i64
    %v11 = llvm.add %v9, %v10 : i64
    %v12 = llvm.alloca %v11 x i8 : (i64) -> !llvm.ptr
    %v13 = llvm.extractvalue %v5[1] : !llvm.struct<(i64, ptr)>
    llvm.call @memcpy(%v12, %v13, %v11) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%v13) : (!llvm.ptr) -> ()
    %v14 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v15 = llvm.insertvalue %v7, %v14[0] : !llvm.struct<(i64, ptr)>
    %v16 = llvm.insertvalue %v12, %v15[1] : !llvm.struct<(i64, ptr)>
    %v18 = llvm.mlir.constant(3 : i64) : i64
    %v19 = llvm.getelementptr %v12[%v18] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v20 = llvm.load %v19 : !llvm.ptr -> i64
    llvm.intr.stackrestore %v6 : !llvm.ptr
    llvm.return %v20 : i64
  }
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @free(!llvm.ptr)
}
