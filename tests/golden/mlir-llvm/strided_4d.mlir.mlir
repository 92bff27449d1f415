module {
  llvm.func @load4d(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22load4d\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v5 = llvm.mul %arg11, %arg7 : i64
    %v8 = llvm.mul %arg12, %arg8 : i64
    %v9 = llvm.add %v5, %v8 : i64
    %v12 = llvm.mul %arg13, %arg9 : i64
    %v13 = llvm.add %v9, %v12 : i64
    %v16 = llvm.mul %arg14, %arg10 : i64
    %v17 = llvm.add %v13, %v16 : i64
    %v18 = llvm.getelementptr %v2[%v17] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v19 = llvm.load %v18 : !llvm.ptr -> f32
    llvm.return %v19 : f32
  }
  llvm.func @bump4d(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: i64, %arg15: f32) attributes {kiln.abi = "{\22name\22:\22bump4d\22,\22a\22:[[\22ndarray\22,\22f32\22,4,null,null,null,null],\22i64\22,\22i64\22,\22i64\22,\22i64\22,\22f32\22],\22r\22:[],\22v\22:1}"} {
    %v2 = llvm.getelementptr %arg1[%arg2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v5 = llvm.mul %arg11, %arg7 : i64
    %v8 = llvm.mul %arg12, %arg8 : i64
    %v9 = llvm.add %v5, %v8 : i64
    %v12 = llvm.mul %arg13, %arg9 : i64
    %v13 = llvm.add %v9, %v12 : i64
    %v16 = llvm.mul %arg14, %arg10 : i64
    %v17 = llvm.add %v13, %v16 : i64
    %v18 = llvm.getelementptr %v2[%v17] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v19 = llvm.load %v18 : !llvm.ptr -> f32
    %v21 = llvm.fadd %v19, %arg15 : f32
    llvm.store %v21, %v18 : f32, !llvm.ptr
    llvm.return
  }
}
