module {
  llvm.func @combine(%arg0: i32, %arg1: i32, %arg2: i32) -> !llvm.struct<(i32, i32)> attributes {kiln.abi = "{\22name\22:\22combine\22,\22a\22:[\22i32\22,\22i32\22,\22i32\22],\22r\22:[\22i32\22,\22i32\22],\22v\22:1,\22abi\22:\22sip\22,\22sip\22:\22I26!D22!K2!a_0K2!bS9!k0_1k1_2R22!D18!K5!diff_1K4!sum_0\22}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
    %v3 = llvm.add %arg0, %arg1 : i32
    %v5 = llvm.add %v3, %arg2 : i32
    %v6 = llvm.insertvalue %v5, %v0[0] : !llvm.struct<(i32, i32)>
    %v7 = llvm.sub %arg0, %arg1 : i32
    %v8 = llvm.sub %v7, %arg2 : i32
    %v9 = llvm.insertvalue %v8, %v6[1] : !llvm.struct<(i32, i32)>
    llvm.return %v9 : !llvm.struct<(i32, i32)>
  }
  llvm.func @dot3(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr, %arg6: !llvm.ptr, %arg7: i64, %arg8: i64, %arg9: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22dot3\22,\22a\22:[[\22ndarray\22,\22f32\22,1,3],[\22ndarray\22,\22f32\22,1,3]],\22r\22:[\22f32\22],\22v\22:1,\22abi\22:\22sip\22,\22sip\22:\22I28!D24!K5!vecsD13!K2!x_0K2!y_1R8!S5!k0_0\22}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> f32
    %v2 = llvm.mlir.constant(1 : i64) : i64
    %v3 = llvm.getelementptr %arg1[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v4 = llvm.load %v3 : !llvm.ptr -> f32
    %v5 = llvm.mlir.constant(2 : i64) : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v7 = llvm.load %v6 : !llvm.ptr -> f32
    %v9 = llvm.load %arg6 : !llvm.ptr -> f32
    %v10 = llvm.getelementptr %arg6[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v11 = llvm.load %v10 : !llvm.ptr -> f32
    %v12 = llvm.getelementptr %arg6[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v13 = llvm.load %v12 : !llvm.ptr -> f32
    %v14 = llvm.fmul %v1, %v9 : f32
    %v15 = llvm.fmul %v4, %v11 : f32
    %v16 = llvm.fadd %v14, %v15 : f32
    %v17 = llvm.fmul %v7, %v13 : f32
    %v18 = llvm.fadd %v16, %v17 : f32
    llvm.return %v18 : f32
  }
}
