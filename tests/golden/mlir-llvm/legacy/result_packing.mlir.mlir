module {
  llvm.func @foo(%arg0: i32, %arg1: i64) -> !llvm.struct<(i32, i64)> {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i64)>
    %v2 = llvm.insertvalue %arg0, %v0[0] : !llvm.struct<(i32, i64)>
    %v4 = llvm.insertvalue %arg1, %v2[1] : !llvm.struct<(i32, i64)>
    llvm.return %v4 : !llvm.struct<(i32, i64)>
  }
  llvm.func @bar() {
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
