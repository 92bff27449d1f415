module {
  llvm.func @foo(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) attributes {kiln.abi = "{\22name\22:\22foo\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[],\22v\22:1}"} {
    llvm.call @use(%arg0, %arg1, %arg2, %arg3, %arg4) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
    llvm.return
  }
  llvm.func @bar() attributes {kiln.abi = "{\22name\22:\22bar\22,\22a\22:[],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.call @get() : () -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v1 = llvm.extractvalue %v0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v2 = llvm.extractvalue %v0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.extractvalue %v0[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.extractvalue %v0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.extractvalue %v0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.call @foo(%v1, %v2, %v3, %v4, %v5) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
    llvm.return
  }
  llvm.func @use(!llvm.ptr, !llvm.ptr, i64, i64, i64)
  llvm.func @get() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
}
