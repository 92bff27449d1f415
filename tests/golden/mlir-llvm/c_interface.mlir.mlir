module {
  llvm.func @scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: f32) -> f32 attributes {kiln.abi = "{\22name\22:\22scale\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null],\22f32\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> f32
    %v3 = llvm.fmul %v1, %arg7 : f32
    llvm.store %v3, %arg1 : f32, !llvm.ptr
    llvm.return %v3 : f32
  }
  llvm.func @_mlir_ciface_scale(%arg0: !llvm.ptr, %arg1: f32) -> f32 {
    %v1 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.extractvalue %v1[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v5 = llvm.extractvalue %v1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.extractvalue %v1[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v7 = llvm.extractvalue %v1[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.extractvalue %v1[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v10 = llvm.call @scale(%v2, %v3, %v4, %v5, %v6, %v7, %v8, %arg1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, f32) -> f32
    llvm.return %v10 : f32
  }
  llvm.func @minmax(%arg0: i32, %arg1: i32) -> !llvm.struct<(i32, i32)> attributes {kiln.abi = "{\22name\22:\22minmax\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
    %v3 = llvm.intr.smin(%arg0, %arg1) : (i32, i32) -> i32
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i32, i32)>
    %v5 = llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i32, i32)>
    llvm.return %v6 : !llvm.struct<(i32, i32)>
  }
  llvm.func @_mlir_ciface_minmax(%arg0: !llvm.ptr, %arg1: i32, %arg2: i32) {
    %v2 = llvm.call @minmax(%arg1, %arg2) : (i32, i32) -> !llvm.struct<(i32, i32)>
    llvm.store %v2, %arg0 : !llvm.struct<(i32, i32)>, !llvm.ptr
    llvm.return
  }
  llvm.func private @qux(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v4 = llvm.insertvalue %arg0, %v2[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v6 = llvm.insertvalue %arg1, %v4[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.insertvalue %arg2, %v6[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v10 = llvm.insertvalue %arg3, %v8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v12 = llvm.insertvalue %arg5, %v10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v14 = llvm.insertvalue %arg4, %v12[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v16 = llvm.insertvalue %arg6, %v14[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.store %v16, %v1 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    llvm.call @_mlir_ciface_qux(%v1) : (!llvm.ptr) -> ()
    llvm.return
  }
  llvm.func @call_qux(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) attributes {kiln.abi = "{\22name\22:\22call_qux\22,\22a\22:[[\22ndarray\22,\22f32\22,2,null,null]],\22r\22:[],\22v\22:1}"} {
    llvm.call @qux(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
    llvm.return
  }
  llvm.func @iota(%arg0: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> attributes {kiln.abi = "{\22name\22:\22iota\22,\22a\22:[\22i64\22],\22r\22:[[\22ndarray\22,\22i64\22,1,null]],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(8 : i64) : i64
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
    llvm.br ^bb1(%v7 : i64)
  ^bb1(%b1_0: i64):
    %v14 = llvm.icmp "slt" %b1_0, %arg0 : i64
    llvm.cond_br %v14, ^bb2, ^bb3
  ^bb2:
    %v15 = llvm.getelementptr %v3[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %b1_0, %v15 : i64, !llvm.ptr
    %v16 = llvm.add %b1_0, %v10 : i64
    llvm.br ^bb1(%v16 : i64)
  ^bb3:
    llvm.return %v11 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @_mlir_ciface_iota(%arg0: !llvm.ptr, %arg1: i64) {
    %v1 = llvm.call @iota(%arg1) : (i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v1, %arg0 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    llvm.return
  }
  llvm.func @rank_plus_dim0(%arg0: i64, %arg1: !llvm.ptr) -> i64 attributes {kiln.abi = "{\22name\22:\22rank_plus_dim0\22,\22a\22:[[\22ndarray\22,\22f32\22,null]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v3 = llvm.getelementptr %arg1[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v4 = llvm.load %v3 : !llvm.ptr -> i64
    %v5 = llvm.add %arg0, %v4 : i64
    llvm.return %v5 : i64
  }
  llvm.func @_mlir_ciface_rank_plus_dim0(%arg0: !llvm.ptr) -> i64 {
    %v1 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(i64, ptr)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(i64, ptr)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(i64, ptr)>
    %v4 = llvm.call @rank_plus_dim0(%v2, %v3) : (i64, !llvm.ptr) -> i64
    llvm.return %v4 : i64
  }
  llvm.func @cell_plus(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64) -> f64 attributes {kiln.abi = "{\22name\22:\22cell_plus\22,\22a\22:[[\22ndarray\22,\22f64\22,0],[\22ndarray\22,\22f64\22,2,2,2]],\22r\22:[\22f64\22],\22v\22:1}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> f64
    %v4 = llvm.getelementptr %arg4[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v7 = llvm.add %arg8, %arg9 : i64
    %v8 = llvm.getelementptr %v4[%v7] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v9 = llvm.load %v8 : !llvm.ptr -> f64
    %v10 = llvm.fadd %v1, %v9 : f64
    llvm.return %v10 : f64
  }
  llvm.func @_mlir_ciface_cell_plus(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> f64 {
    %v1 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(ptr, ptr, i64)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(ptr, ptr, i64)>
    %v4 = llvm.extractvalue %v1[2] : !llvm.struct<(ptr, ptr, i64)>
    %v6 = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v7 = llvm.extractvalue %v6[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v8 = llvm.extractvalue %v6[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v9 = llvm.extractvalue %v6[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v10 = llvm.extractvalue %v6[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v11 = llvm.extractvalue %v6[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v12 = llvm.extractvalue %v6[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v13 = llvm.extractvalue %v6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %v14 = llvm.call @cell_plus(%v2, %v3, %v4, %v7, %v8, %v9, %v10, %v11, %v12, %v13) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> f64
    llvm.return %v14 : f64
  }
  llvm.func private @two(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: i64, %arg8: i64, %arg9: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
    %v0 = llvm.mlir.constant(1 : i64) : i64
    %v1 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v2 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v3 = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.insertvalue %arg0, %v3[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v7 = llvm.insertvalue %arg1, %v5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v9 = llvm.insertvalue %arg2, %v7[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v11 = llvm.insertvalue %arg3, %v9[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v13 = llvm.insertvalue %arg4, %v11[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v13, %v2 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %v15 = llvm.alloca %v0 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    %v17 = llvm.insertvalue %arg5, %v3[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v19 = llvm.insertvalue %arg6, %v17[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v21 = llvm.insertvalue %arg7, %v19[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v23 = llvm.insertvalue %arg8, %v21[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v25 = llvm.insertvalue %arg9, %v23[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %v25, %v15 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    llvm.call @_mlir_ciface_two(%v1, %v2, %v15) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    %v27 = llvm.load %v1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.return %v27 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @call_two(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: i64, %arg8: i64, %arg9: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22call_two\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null],[\22ndarray\22,\22i64\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v10 = llvm.call @two(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v11 = llvm.extractvalue %v10[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v12 = llvm.load %v11 : !llvm.ptr -> f32
    llvm.return %v12 : f32
  }
  llvm.func @_mlir_ciface_qux(!llvm.ptr)
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @_mlir_ciface_two(!llvm.ptr, !llvm.ptr, !llvm.ptr)
}
