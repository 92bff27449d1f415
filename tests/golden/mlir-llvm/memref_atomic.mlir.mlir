module {
  llvm.func @add_f32(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: f32) -> f32 attributes {kiln.abi = "{\22name\22:\22add_f32\22,\22a\22:[[\22ndarray\22,\22f32\22,1,4],\22i64\22,\22f32\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v4 = llvm.atomicrmw fadd %v2, %arg6 acq_rel : !llvm.ptr, f32
    llvm.return %v4 : f32
  }
  llvm.func @ints(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i32) -> !llvm.struct<(i32, i32, i32, i32, i32)> attributes {kiln.abi = "{\22name\22:\22ints\22,\22a\22:[[\22ndarray\22,\22i32\22,2,2,3],\22i64\22,\22i64\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22,\22i32\22,\22i32\22,\22i32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v3 = llvm.mul %arg7, %v2 : i64
    %v5 = llvm.add %v3, %arg8 : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v8 = llvm.atomicrmw add %v6, %arg9 acq_rel : !llvm.ptr, i32
    %v9 = llvm.atomicrmw max %v6, %arg9 acq_rel : !llvm.ptr, i32
    %v10 = llvm.atomicrmw umin %v6, %arg9 acq_rel : !llvm.ptr, i32
    %v11 = llvm.atomicrmw _or %v6, %arg9 acq_rel : !llvm.ptr, i32
    %v12 = llvm.atomicrmw xchg %v6, %arg9 acq_rel : !llvm.ptr, i32
    %v13 = llvm.mlir.undef : !llvm.struct<(i32, i32, i32, i32, i32)>
    %v14 = llvm.insertvalue %v8, %v13[0] : !llvm.struct<(i32, i32, i32, i32, i32)>
    %v15 = llvm.insertvalue %v9, %v14[1] : !llvm.struct<(i32, i32, i32, i32, i32)>
    %v16 = llvm.insertvalue %v10, %v15[2] : !llvm.struct<(i32, i32, i32, i32, i32)>
    %v17 = llvm.insertvalue %v11, %v16[3] : !llvm.struct<(i32, i32, i32, i32, i32)>
    %v18 = llvm.insertvalue %v12, %v17[4] : !llvm.struct<(i32, i32, i32, i32, i32)>
    llvm.return %v18 : !llvm.struct<(i32, i32, i32, i32, i32)>
  }
  llvm.func @bounds(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> !llvm.struct<(i64, i64, i64)> attributes {kiln.abi = "{\22name\22:\22bounds\22,\22a\22:[[\22ndarray\22,\22i64\22,1,null],\22i64\22,\22i64\22],\22r\22:[\22i64\22,\22i64\22,\22i64\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v4 = llvm.atomicrmw min %v2, %arg6 acq_rel : !llvm.ptr, i64
    %v5 = llvm.atomicrmw umax %v2, %arg6 acq_rel : !llvm.ptr, i64
    %v6 = llvm.atomicrmw _and %v2, %arg6 acq_rel : !llvm.ptr, i64
    %v7 = llvm.mlir.undef : !llvm.struct<(i64, i64, i64)>
    %v8 = llvm.insertvalue %v4, %v7[0] : !llvm.struct<(i64, i64, i64)>
    %v9 = llvm.insertvalue %v5, %v8[1] : !llvm.struct<(i64, i64, i64)>
    %v10 = llvm.insertvalue %v6, %v9[2] : !llvm.struct<(i64, i64, i64)>
    llvm.return %v10 : !llvm.struct<(i64, i64, i64)>
  }
  llvm.func @float_max(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: f64) -> !llvm.struct<(f64, f64)> attributes {kiln.abi = "{\22name\22:\22float_max\22,\22a\22:[[\22ndarray\22,\22f64\22,1,2],\22f64\22],\22r\22:[\22f64\22,\22f64\22],\22v\22:1}"} {
    %v2 = llvm.atomicrmw fmax %arg1, %arg5 acq_rel : !llvm.ptr, f64
    %v3 = llvm.mlir.constant(1 : i64) : i64
    %v4 = llvm.getelementptr %arg1[%v3] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v5 = llvm.atomicrmw fmin %v4, %arg5 acq_rel : !llvm.ptr, f64
    %v6 = llvm.mlir.undef : !llvm.struct<(f64, f64)>
    %v7 = llvm.insertvalue %v2, %v6[0] : !llvm.struct<(f64, f64)>
    %v8 = llvm.insertvalue %v5, %v7[1] : !llvm.struct<(f64, f64)>
    llvm.return %v8 : !llvm.struct<(f64, f64)>
  }
}
