module {
  llvm.func @foo(%arg0: i64, %arg1: !llvm.ptr) attributes {kiln.abi = "{\22name\22:\22foo\22,\22a\22:[[\22ndarray\22,\22f32\22,null]],\22r\22:[],\22v\22:1}"} {
    llvm.call @use(%arg0, %arg1) : (i64, !llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @bar() attributes {kiln.abi = "{\22name\22:\22bar\22,\22a\22:[],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.call @get() : () -> !llvm.struct<(i64, ptr)>
    %v1 = llvm.extractvalue %v0[0] : !llvm.struct<(i64, ptr)>
    %v2 = llvm.mlir.constant(16 : i64) : i64
    %v3 = llvm.mul %v1, %v2 : i64
    %v4 = llvm.mlir.constant(24 : i64) : i64
    %v5 = llvm.add %v3, %v4 : i64
    %v6 = llvm.alloca %v5 x i8 : (i64) -> !llvm.ptr
    %v7 = llvm.extractvalue %v0[1] : !llvm.struct<(i64, ptr)>
    llvm.call @memcpy(%v6, %v7, %v5) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%v7) : (!llvm.ptr) -> ()
    %v8 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v9 = llvm.insertvalue %v1, %v8[0] : !llvm.struct<(i64, ptr)>
    %v10 = llvm.insertvalue %v6, %v9[1] : !llvm.struct<(i64, ptr)>
    llvm.call @foo(%v1, %v6) : (i64, !llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @use(i64, !llvm.ptr)
  llvm.func @get() -> !llvm.struct<(i64, ptr)>
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @free(!llvm.ptr)
}
