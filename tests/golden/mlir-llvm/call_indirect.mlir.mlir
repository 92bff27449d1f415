module {
  llvm.func @add(%arg0: i32, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22add\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.add %arg0, %arg1 : i32
    llvm.return %v2 : i32
  }
  llvm.func @mul(%arg0: i32, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22mul\22,\22a\22:[\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.mul %arg0, %arg1 : i32
    llvm.return %v2 : i32
  }
  llvm.func @pair(%arg0: i32) -> !llvm.struct<(i32, f32)> attributes {kiln.abi = "{\22name\22:\22pair\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
    %v2 = llvm.insertvalue %arg0, %v0[0] : !llvm.struct<(i32, f32)>
    %v3 = llvm.sitofp %arg0 : i32 to f32
    %v4 = llvm.insertvalue %v3, %v2[1] : !llvm.struct<(i32, f32)>
    llvm.return %v4 : !llvm.struct<(i32, f32)>
  }
  llvm.func @sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> f32 attributes {kiln.abi = "{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22f32\22],\22v\22:1}"} {
    %v1 = llvm.load %arg1 : !llvm.ptr -> f32
    llvm.return %v1 : f32
  }
  llvm.func @apply(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: !llvm.ptr, %arg4: !llvm.ptr, %arg5: i64, %arg6: i64, %arg7: i64) -> !llvm.struct<(i32, i32, f32, f32)> attributes {kiln.abi = "{\22name\22:\22apply\22,\22a\22:[\22i1\22,\22i32\22,\22i32\22,[\22ndarray\22,\22f32\22,1,null]],\22r\22:[\22i32\22,\22i32\22,\22f32\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @add : !llvm.ptr
    %v3 = llvm.call %v0(%arg1, %arg2) : !llvm.ptr, (i32, i32) -> i32
    %v4 = llvm.mlir.addressof @mul : !llvm.ptr
    %v5 = llvm.call %v4(%arg1, %arg2) : !llvm.ptr, (i32, i32) -> i32
    %v6 = llvm.mlir.addressof @pair : !llvm.ptr
    %v8 = llvm.select %arg0, %v3, %v5 : i1, i32
    %v9 = llvm.call %v6(%v8) : !llvm.ptr, (i32) -> !llvm.struct<(i32, f32)>
    %v10 = llvm.mlir.addressof @sum : !llvm.ptr
    %v16 = llvm.call %v10(%arg3, %arg4, %arg5, %arg6, %arg7) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> f32
    %v17 = llvm.mlir.undef : !llvm.struct<(i32, i32, f32, f32)>
    %v18 = llvm.insertvalue %v8, %v17[0] : !llvm.struct<(i32, i32, f32, f32)>
    %v19 = llvm.extractvalue %v9[0] : !llvm.struct<(i32, f32)>
    %v20 = llvm.insertvalue %v19, %v18[1] : !llvm.struct<(i32, i32, f32, f32)>
    %v21 = llvm.extractvalue %v9[1] : !llvm.struct<(i32, f32)>
    %v22 = llvm.insertvalue %v21, %v20[2] : !llvm.struct<(i32, i32, f32, f32)>
    %v23 = llvm.insertvalue %v16, %v22[3] : !llvm.struct<(i32, i32, f32, f32)>
    llvm.return %v23 : !llvm.struct<(i32, i32, f32, f32)>
  }
}
