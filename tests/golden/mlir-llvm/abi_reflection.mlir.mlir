module {
  llvm.func @scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: f32, %arg8: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22scale\22,\22a\22:[[\22named\22,\22x\22,[\22ndarray\22,\22f32\22,2,2,3]],[\22named\22,\22opts\22,[\22sdict\22,[\22n\22,\22i64\22],[\22alpha\22,\22f32\22]]]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> f32
    %v2 = llvm.mlir.constant(5 : i64) : i64
    %v3 = llvm.getelementptr %arg1[%v2] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v4 = llvm.load %v3 : !llvm.ptr -> f32
    %v5 = llvm.fadd %v1, %v4 : f32
    %v7 = llvm.fmul %v5, %arg7 : f32
    %v9 = llvm.sitofp %arg8 : i64 to f32
    %v10 = llvm.fadd %v7, %v9 : f32
    llvm.return %v10 : f32
  }
  llvm.func @pair(%arg0: i32, %arg1: i32, %arg2: i64, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: i64, %arg6: i64, %arg7: i64) -> !llvm.struct<(i32, i32)> attributes {kiln.abi = "{\22name\22:\22pair\22,\22a\22:[[\22named\22,\22p\22,[\22stuple\22,\22i32\22,\22i32\22]],[\22named\22,\22ys\22,[\22slist\22,\22i64\22,[\22ndarray\22,\22i32\22,1,null]]]],\22r\22:[[\22sdict\22,[\22sum\22,\22i32\22],[\22prod\22,\22i32\22]]],\22v\22:1}"} {
    %v1 = llvm.load %arg4 : !llvm.ptr -> i32
    %v2 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
    %v5 = llvm.mul %arg0, %arg1 : i32
    %v6 = llvm.insertvalue %v5, %v2[0] : !llvm.struct<(i32, i32)>
    %v7 = llvm.add %arg0, %arg1 : i32
    %v9 = llvm.trunc %arg2 : i64 to i32
    %v10 = llvm.add %v7, %v9 : i32
    %v11 = llvm.add %v10, %v1 : i32
    %v12 = llvm.insertvalue %v11, %v6[1] : !llvm.struct<(i32, i32)>
    llvm.return %v12 : !llvm.struct<(i32, i32)>
  }
  llvm.func @total(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f64 attributes {kiln.abi = "{\22name\22:\22total\22,\22a\22:[[\22named\22,\22xs\22,[\22py_homogeneous_list\22,\22f64\22]]],\22r\22:[[\22named\22,\22total\22,\22f64\22]],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0.0e0 : f64) : f64
    %v8 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v1 : i64, f64)
  ^bb1(%b1_0: i64, %b1_1: f64):
    %v4 = llvm.icmp "sge" %b1_0, %arg3 : i64
    llvm.cond_br %v4, ^bb3, ^bb2
  ^bb2:
    %v6 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %v7 = llvm.load %v6 : !llvm.ptr -> f64
    %v9 = llvm.add %b1_0, %v8 : i64
    %v11 = llvm.fadd %b1_1, %v7 : f64
    llvm.br ^bb1(%v9, %v11 : i64, f64)
  ^bb3:
    llvm.return %b1_1 : f64
  }
  llvm.func @plain(%arg0: i32, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> i32 attributes {kiln.abi = "{\22name\22:\22plain\22,\22a\22:[\22i32\22,[\22ndarray\22,\22f32\22,2,2,null]],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(1 : i32) : i32
    %v2 = llvm.add %arg0, %v1 : i32
    llvm.return %v2 : i32
  }
  llvm.func @helper(i32) -> i32
}
