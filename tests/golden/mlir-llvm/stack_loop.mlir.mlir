module {
  llvm.func private @observe(%arg0: i64, %arg1: !llvm.ptr) {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(i64, ptr)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(i64, ptr)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(i64, ptr)>
    llvm.store %v6, %v1 : !llvm.struct<(i64, ptr)>, !llvm.ptr
    llvm.call @_mlir_ciface_observe(%v1) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @spin(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22spin\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v4 = llvm.mlir.constant(1 : i64) : i64
    %v6 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v8 = llvm.insertvalue %arg0, %v6[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v10 = llvm.insertvalue %arg1, %v8[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.insertvalue %arg2, %v10[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v14 = llvm.insertvalue %arg3, %v12[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v16 = llvm.insertvalue %arg4, %v14[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v17 = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
    %v18 = llvm.insertvalue %v4, %v17[0] : !llvm.struct<(i64, ptr)>
    llvm.br ^bb1(%v0 : i64)
  ^bb1(%b1_0: i64):
    %v3 = llvm.icmp "slt" %b1_0, %arg5 : i64
    llvm.cond_br %v3, ^bb2, ^bb3
  ^bb2:
    %v5 = llvm.alloca %v4 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %v16, %v5 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %v19 = llvm.insertvalue %v5, %v18[1] : !llvm.struct<(i64, ptr)>
    llvm.call @observe(%v4, %v5) : (i64, !llvm.ptr) -> ()
    %v21 = llvm.add %b1_0, %v4 : i64
    llvm.br ^bb1(%v21 : i64)
  ^bb3:
    llvm.return %b1_0 : i64
  }
  llvm.func @_mlir_ciface_observe(!llvm.ptr)
}
