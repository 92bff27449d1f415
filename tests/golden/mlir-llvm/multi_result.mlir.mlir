module {
  llvm.func @foo(%arg0: i32, %arg1: i64) -> !llvm.struct<(i32, i64)> {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i64)>
    %v2 = llvm.insertvalue %arg0, %v0[0] : !llvm.struct<(i32, i64)>
    %v4 = llvm.insertvalue %arg1, %v2[1] : !llvm.struct<(i32, i64)>
    llvm.return %v4 : !llvm.struct<(i32, i64)>
  }
  llvm.func @bar() -> i64 {
    %v0 = llvm.mlir.constant(42 : i32) : i32
    %v1 = llvm.mlir.constant(17 : i64) : i64
    %v2 = llvm.call @foo(%v0, %v1) : (i32, i64) -> !llvm.struct<(i32, i64)>
    %v3 = llvm.extractvalue %v2[0] : !llvm.struct<(i32, i64)>
    %v4 = llvm.sext %v3 : i32 to i64
    %v5 = llvm.extractvalue %v2[1] : !llvm.struct<(i32, i64)>
    %v6 = llvm.add %v4, %v5 : i64
    llvm.return %v6 : i64
  }
  llvm.func @swap(%arg0: i32, %arg1: i32) -> !llvm.struct<(i32, i32)> {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
    %v2 = llvm.insertvalue %arg1, %v0[0] : !llvm.struct<(i32, i32)>
    %v4 = llvm.insertvalue %arg0, %v2[1] : !llvm.struct<(i32, i32)>
    llvm.return %v4 : !llvm.struct<(i32, i32)>
  }
  llvm.func @swap_diff(%arg0: i32, %arg1: i32) -> i32 {
    %v2 = llvm.call @swap(%arg0, %arg1) : (i32, i32) -> !llvm.struct<(i32, i32)>
    %v3 = llvm.extractvalue %v2[0] : !llvm.struct<(i32, i32)>
    %v4 = llvm.extractvalue %v2[1] : !llvm.struct<(i32, i32)>
    %v5 = llvm.sub %v3, %v4 : i32
    llvm.return %v5 : i32
  }
}
