module {
  llvm.func @erase(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> !llvm.struct<(i64, ptr)> attributes {kiln.abi = "{\22name\22:\22erase\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[[\22ndarray\22,\22f32\22,null]],\22v\22:1}"} {
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
  llvm.func @spin_dynamic(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22spin_dynamic\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v12 = llvm.mlir.constant(16 : i64) : i64
    %v14 = llvm.mlir.constant(24 : i64) : i64
    %v18 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v22 = llvm.mlir.constant(1 : i64) : i64
    %v25 = llvm.mlir.constant(3 : i64) : i64
    llvm.br ^bb1(%v0, %v0 : i64, i64)
  ^bb1(%b1_0: i64, %b1_1: i64):
    %v3 = llvm.icmp "slt" %b1_0, %arg5 : i64
    llvm.cond_br %v3, ^bb2, ^bb3
  ^bb2:
    %v9 = llvm.call @erase(%arg0, %arg1, %arg2, %arg3, %arg4) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.struct<(i64, ptr)>
    %v10 = llvm.intr.stacksave : !llvm.ptr
    %v11 = llvm.extractvalue %v9[0] : !llvm.struct<(i64, ptr)>
    %v13 = llvm.mul %v11, %v12 : i64
    %v15 = llvm.add %v13, %v14 : i64
    %v16 = llvm.alloca %v15 x i8 : (i64) -> !llvm.ptr
    %v17 = llvm.extractvalue %v9[1] : !llvm.struct<(i64, ptr)>
    llvm.call @memcpy(%v16, %v17, %v15) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%v17) : (!llvm.ptr) -> ()
    %v19 = llvm.insertvalue %v11, %v18[0] : !llvm.struct<(i64, ptr)>
    %v20 = llvm.insertvalue %v16, %v19[1] : !llvm.struct<(i64, ptr)>
    %v23 = llvm.add %b1_0, %v22 : i64
    %v26 = llvm.getelementptr %v16[%v25] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v27 = llvm.load %v26 : !llvm.ptr -> i64
    %v28 = llvm.add %v11, %v27 : i64
    %v29 = llvm.add %b1_1, %v28 : i64
    llvm.intr.stackrestore %v10 : !llvm.ptr
    llvm.br ^bb1(%v23, %v29 : i64, i64)
  ^bb3:
    llvm.return %b1_1 : i64
  }
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @memcpy(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @free(!llvm.ptr)
}
