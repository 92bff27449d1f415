module {
  llvm.func @window(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22window\22,\22a\22:[[\22ndarray\22,\22f32\22,2,4,4],\22i64\22,\22i64\22,\22i64\22],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v2 = llvm.mlir.constant(4 : i64) : i64
    %v3 = llvm.mul %arg7, %v2 : i64
    %v4 = llvm.mlir.constant(1 : i64) : i64
    %v5 = llvm.add %v3, %v4 : i64
    %v6 = llvm.getelementptr %arg1[%v5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v8 = llvm.mul %arg8, %v2 : i64
    %v10 = llvm.mlir.constant(2 : i64) : i64
    %v11 = llvm.mul %arg9, %v10 : i64
    %v12 = llvm.add %v8, %v11 : i64
    %v13 = llvm.getelementptr %v6[%v12] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v14 = llvm.load %v13 : !llvm.ptr -> f32
    llvm.return %v14 : f32
  }
  llvm.func @poke(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i32) attributes {kiln.abi = "{\22name\22:\22poke\22,\22a\22:[[\22ndarray\22,\22i32\22,2,null,null],\22i64\22,\22i64\22,\22i32\22],\22r\22:[],\22v\22:1}"} {
    %v4 = llvm.add %arg5, %arg7 : i64
    %v5 = llvm.getelementptr %arg1[%v4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v7 = llvm.mlir.constant(1 : i64) : i64
    %v8 = llvm.sub %arg8, %v7 : i64
    %v9 = llvm.getelementptr %v5[%v8] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %arg9, %v9 : i32, !llvm.ptr
    llvm.return
  }
  llvm.func @nested(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22nested\22,\22a\22:[[\22ndarray\22,\22i64\22,1,16]],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(4 : i64) : i64
    %v2 = llvm.getelementptr %arg1[%v1] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v3 = llvm.mlir.constant(6 : i64) : i64
    %v4 = llvm.getelementptr %v2[%v3] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v5 = llvm.load %v4 : !llvm.ptr -> i64
    llvm.return %v5 : i64
  }
}
