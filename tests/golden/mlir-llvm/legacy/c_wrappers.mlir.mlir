module {
  llvm.func private @qux(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.insertvalue %arg2, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v10 = llvm.insertvalue %arg3, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v12 = llvm.insertvalue %arg5, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v14 = llvm.insertvalue %arg4, %v12[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v16 = llvm.insertvalue %arg6, %v14[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.store %v16, %v1 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    llvm.call @_mlir_ciface_qux(%v1) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @foo(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) attributes {kiln.abi = "{\22name\22:\22foo\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}"} {
    llvm.return
  }
  llvm.func @_mlir_ciface_foo(%arg0: !llvm.ptr) {
    %v1 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.extractvalue %v1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v5 = llvm.extractvalue %v1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.extractvalue %v1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v7 = llvm.extractvalue %v1[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.extractvalue %v1[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.call @foo(%v2, %v3, %v4, %v5, %v6, %v7, %v8) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
    llvm.return
  }
  llvm.func @_mlir_ciface_qux(!llvm.ptr)
}
