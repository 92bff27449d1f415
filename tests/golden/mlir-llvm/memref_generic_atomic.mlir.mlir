module {
  llvm.func @clamped_add(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i32, %arg7: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22clamped_add\22,\22a\22:[[\22ndarray\22,\22i32\22,1,8],\22i64\22,\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %atomic0_init = llvm.load %v2 : !llvm.ptr -> i32
    llvm.br ^atomic0_loop(%atomic0_init : i32)
  ^atomic0_loop(%v3: i32):
    %v5 = llvm.add %v3, %arg6 : i32
    %v7 = llvm.intr.smin(%v5, %arg7) : (i32, i32) -> i32
    %atomic0_pair = llvm.cmpxchg %v2, %v3, %v7 acq_rel monotonic : !llvm.ptr, i32
    %v8 = llvm.extractvalue %atomic0_pair[0] : !llvm.struct<(i32, i1)>
    %atomic0_stored = llvm.extractvalue %atomic0_pair[1] : !llvm.struct<(i32, i1)>
    llvm.cond_br %atomic0_stored, ^atomic0_done, ^atomic0_loop(%v8 : i32)
  ^atomic0_done:
    llvm.return %v8 : i32
  }
  llvm.func @strided(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22strided\22,\22a\22:[[\22ndarray\22,\22i64\22,2,4,4],\22i64\22,\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v4 = llvm.mlir.constant(8 : i64) : i64
    %v5 = llvm.mul %arg7, %v4 : i64
    %v7 = llvm.mlir.constant(2 : i64) : i64
    %v8 = llvm.mul %arg8, %v7 : i64
    %v9 = llvm.add %v5, %v8 : i64
    %v10 = llvm.getelementptr %v2[%v9] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %atomic0_init = llvm.load %v10 : !llvm.ptr -> i64
    llvm.br ^atomic0_loop(%atomic0_init : i64)
  ^atomic0_loop(%v11: i64):
    %v12 = llvm.mlir.constant(3 : i64) : i64
    %v13 = llvm.mul %v11, %v12 : i64
    %v14 = llvm.mlir.constant(1 : i64) : i64
    %v15 = llvm.add %v13, %v14 : i64
    %atomic0_pair = llvm.cmpxchg %v10, %v11, %v15 acq_rel monotonic : !llvm.ptr, i64
    %v16 = llvm.extractvalue %atomic0_pair[0] : !llvm.struct<(i64, i1)>
    %atomic0_stored = llvm.extractvalue %atomic0_pair[1] : !llvm.struct<(i64, i1)>
    llvm.cond_br %atomic0_stored, ^atomic0_done, ^atomic0_loop(%v16 : i64)
  ^atomic0_done:
    llvm.return %v16 : i64
  }
  llvm.func @flipped(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i16) -> i16 attributes {kiln.abi = "{\22name\22:\22flipped\22,\22a\22:[[\22ndarray\22,\22i16\22,1,null],\22i64\22,\22i16\22],\22r\22:[\22i16\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg5] : (!llvm.ptr, i64) -> !llvm.ptr, i16
    %atomic0_init = llvm.load %v2 : !llvm.ptr -> i16
    llvm.br ^atomic0_loop(%atomic0_init : i16)
  ^atomic0_loop(%v3: i16):
    %v5 = llvm.xor %v3, %arg6 : i16
    %atomic0_pair = llvm.cmpxchg %v2, %v3, %v5 acq_rel monotonic : !llvm.ptr, i16
    %v6 = llvm.extractvalue %atomic0_pair[0] : !llvm.struct<(i16, i1)>
    %atomic0_stored = llvm.extractvalue %atomic0_pair[1] : !llvm.struct<(i16, i1)>
    llvm.cond_br %atomic0_stored, ^atomic0_done, ^atomic0_loop(%v6 : i16)
  ^atomic0_done:
    llvm.return %v6 : i16
  }
}
