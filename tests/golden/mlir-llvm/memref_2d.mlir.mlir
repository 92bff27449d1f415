module {
  llvm.func @trace(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> f64 attributes {kiln.abi = "{\22name\22:\22trace\22,\22a\22:[[\22ndarray\22,\22f64\22,2,null,null]],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0.0e0 : f64) : f64
    %v11 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v1 : i64, f64)
  ^bb1(%b1_0: i64, %b1_1: f64):
    %v4 = llvm.icmp "slt" %b1_0, %arg3 : i64
    llvm.cond_br %v4, ^bb2, ^bb3
  ^bb2:
    %v7 = llvm.mul %b1_0, %arg5 : i64
    %v8 = llvm.add %v7, %b1_0 : i64
    %v9 = llvm.getelementptr %arg1[%v8] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v10 = llvm.load %v9 : !llvm.ptr -> f64
    %v12 = llvm.add %b1_0, %v11 : i64
    %v14 = llvm.fadd %b1_1, %v10 : f64
    llvm.br ^bb1(%v12, %v14 : i64, f64)
  ^bb3:
    llvm.return %b1_1 : f64
  }
  llvm.func @set(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: f32) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> attributes {kiln.abi = "{\22name\22:\22set\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,8],\22i64\22,\22i64\22,\22f32\22],\22r\22:[[\22ndarray\22,\22f32\22,2,4,8]],\22v\22:1}"} {
    %v3 = llvm.mlir.constant(8 : i64) : i64
    %v4 = llvm.mul %arg7, %v3 : i64
    %v6 = llvm.add %v4, %arg8 : i64
    %v7 = llvm.getelementptr %arg1[%v6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg9, %v7 : f32, !llvm.ptr
    %v8 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v10 = llvm.insertvalue %arg0, %v8[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v11 = llvm.insertvalue %arg1, %v10[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v13 = llvm.insertvalue %arg2, %v11[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v15 = llvm.insertvalue %arg3, %v13[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v17 = llvm.insertvalue %arg5, %v15[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v19 = llvm.insertvalue %arg4, %v17[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v21 = llvm.insertvalue %arg6, %v19[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.return %v21 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  }
}
