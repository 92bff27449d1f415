module {
  llvm.func @foo(%arg0: i64, %arg1: !llvm.ptr) attributes {kiln.abi = "{\22name\22:\22foo\22,\22a\22:[[\22ndarray\22,\22f32\22,null]],\22r\22:[],\22v\22:1}"} {
    llvm.call @use(%arg0, %arg1) : (i64, !llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @bar() attributes {kiln.abi = "{\22name\22:\22bar\22,\22a\22:[],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.call @get() : () -> !llvm.struct<(i64, ptr)>
    %v1 = llvm.intr.stacksave : !llvm.ptr
    %v2 = llvm.extractvalue %v0[0] : !llvm.struct<(i64, ptr)>
    %v3 = llvm.mlir.constant(16 : i64) : i64
    %v4 = llvm.mul %v2, %v3 : i64
    %v5 = llvm.mlir.constant(24 : i64) : i64
    %v6 = llvm.add %v4, %v5 : i64
    %v7 = llvm.alloca %v6 x i8 : (i64) -> !llvm.ptr
    %v8 = llvm.extractvalue %v0[1] : !llvm.struct<(i64, ptr)>
    llvm.call @memcpy(%v7, %v8, %v6) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%v8) : (!llvm.ptr) -> ()
    %v9 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v10 = llvm.insertvalue %v2, %v9[0] : !llvm.struct<(i64, ptr)>
    %v11 = llvm.insertvalue %v7, %v10[1] : !llvm.struct<(i64, ptr)>
    llvm.call @foo(%v2, %v7) : (i64, !llvm.ptr) -> ()
    llvm.intr.stackrestore %v1 : !llvm.ptr
    llvm.return
  }
  llvm.func @use(i64, !llvm.ptr)
  llvm.func @get() -> !llvm.struct<(i64, ptr)>
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @free(!llvm.ptr)
}
