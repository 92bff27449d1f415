module {
  llvm.func @foo(%arg0: i32, %arg1: i64) -> !llvm.struct<(i32, i64)> attributes {kiln.abi = "{\22name\22:\22foo\22,\22a\22:[\22i32\22,\22i64\22],\22r\22:[\22i32\22,\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i64)>
    %v2 = llvm.insertvalue %arg0, %v0[0] : !llvm.struct<(i32, i64)>
    %v4 = llvm.insertvalue %arg1, %v2[1] : !llvm.struct<(i32, i64)>
    llvm.return %v4 : !llvm.struct<(i32, i64)>
  }
  llvm.func @bar() -> i64 attributes {kiln.abi = "{\22name\22:\22bar\22,\22a\22:[],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(42 : i32) : i32
    %v1 = llvm.mlir.constant(17 : i64) : i64
    %v2 = llvm.call @foo(%v0, %v1) : (i32, i64) -> !llvm.struct<(i32, i64)>
    %v3 = llvm.extractvalue %v2[0] : !llvm.struct<(i32, i64)>
    %v4 = llvm.sext %v3 : i32 to i64
    %v5 = llvm.extractvalue %v2[1] : !llvm.struct<(i32, i64)>
    %v6 = llvm.add %v4, %v5 : i64
    llvm.return %v6 : i64
  }
  llvm.func @swap(%arg0: i32, %arg1: i32) -> !llvm.struct<(i32, i32)> attributes {kiln.abi = "{\22name\22:\22swap\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
    %v2 = llvm.insertvalue %arg1, %v0[0] : !llvm.struct<(i32, i32)>
    %v4 = llvm.insertvalue %arg0, %v2[1] : !llvm.struct<(i32, i32)>
    llvm.return %v4 : !llvm.struct<(i32, i32)>
  }
  llvm.func @swap_diff(%arg0: i32, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22swap_diff\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.call @swap(%arg0, %arg1) : (i32, i32) -> !llvm.struct<(i32, i32)>
    %v3 = llvm.extractvalue %v2[0] : !llvm.struct<(i32, i32)>
    %v4 = llvm.extractvalue %v2[1] : !llvm.struct<(i32, i32)>
    %v5 = llvm.sub %v3, %v4 : i32
    llvm.return %v5 : i32
  }
  llvm.func @pair(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i32) -> !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)> attributes {kiln.abi = "{\22name\22:\22pair\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i32\22],\22r\22:[[\22ndarray\22,\22f32\22,1,null],\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)>
    %v1 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.insertvalue %arg0, %v1[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.insertvalue %arg1, %v3[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %arg2, %v5[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %arg3, %v7[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v11 = llvm.insertvalue %arg4, %v9[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.insertvalue %v11, %v0[0] : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)>
    %v14 = llvm.insertvalue %arg5, %v12[1] : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)>
    llvm.return %v14 : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)>
  }
  llvm.func @use_pair(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22use_pair\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v5 = llvm.mlir.constant(3 : i32) : i32
    %v6 = llvm.call @pair(%arg0, %arg1, %arg2, %arg3, %arg4, %v5) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32) -> !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)>
    %v7 = llvm.extractvalue %v6[0] : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)>
    %v8 = llvm.extractvalue %v7[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.mlir.constant(1 : i64) : i64
    %v10 = llvm.getelementptr %v8[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v11 = llvm.load %v10 : !llvm.ptr -> f32
    %v12 = llvm.extractvalue %v6[1] : !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i32)>
    %v13 = llvm.sitofp %v12 : i32 to f32
    %v14 = llvm.fadd %v11, %v13 : f32
    llvm.return %v14 : f32
  }
  llvm.func @fresh(%arg0: i64) -> !llvm.struct<(i32, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)> attributes {kiln.abi = "{\22name\22:\22fresh\22,\22a\22:[\22i64\22],\22r\22:[\22i32\22,[\22ndarray\22,\22f32\22,1,null]],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(4 : i64) : i64
    %v2 = llvm.mul %arg0, %v1 : i64
    %v3 = llvm.call @malloc(%v2) : (i64) -> !llvm.ptr
    %v4 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.insertvalue %v3, %v4[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.insertvalue %v3, %v5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.mlir.constant(0 : i64) : i64
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %arg0, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.mlir.constant(1 : i64) : i64
    %v11 = llvm.insertvalue %v10, %v9[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v13 = llvm.mlir.constant(2.5e0 : f32) : f32
    llvm.store %v13, %v3 : f32, !llvm.ptr
    %v14 = llvm.mlir.undef : !llvm.struct<(i32, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
    %v15 = llvm.mlir.constant(7 : i32) : i32
    %v16 = llvm.insertvalue %v15, %v14[0] : !llvm.struct<(i32, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
    %v17 = llvm.insertvalue %v11, %v16[1] : !llvm.struct<(i32, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
    llvm.return %v17 : !llvm.struct<(i32, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
  }
  llvm.func @malloc(i64) -> !llvm.ptr
}
