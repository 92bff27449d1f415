module {
  llvm.func @foo(%arg0: i32, %arg1: i64) -> !llvm.struct<(i32, i64)> attributes {kiln.abi = "{\22name\22:\22foo\22,\22a\22:[\22i32\22,\22i64\22],\22r\22:[\22i32\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i64)>
    %v2 = llvm.insertvalue %arg0, %v0[0] : !llvm.struct<(i32, i64)>
    %v4 = llvm.insertvalue %arg1, %v2[1] : !llvm.struct<(i32, i64)>
    llvm.return %v4 : !llvm.struct<(i32, i64)>
  }
  llvm.func @bar() attributes {kiln.abi = "{\22name\22:\22bar\22,\22a\22:[],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(42 : i32) : i32
    %v1 = llvm.mlir.constant(17 : i64) : i64
    %v2 = llvm.call @foo(%v0, %v1) : (i32, i64) -> !llvm.struct<(i32, i64)>
    %v3 = llvm.extractvalue %v2[0] : !llvm.struct<(i32, i64)>
    llvm.call @use_i32(%v3) : (i32) -> ()
    %v4 = llvm.extractvalue %v2[1] : !llvm.struct<(i32, i64)>
    llvm.call @use_i64(%v4) : (i64) -> ()
    llvm.return
  }
  llvm.func @use_i32(i32)
  llvm.func @use_i64(i64)
}
