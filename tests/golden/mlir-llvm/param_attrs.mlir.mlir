module {
  llvm.func @widen(%arg0: i8 {llvm.signext}, %arg1: i8 {llvm.zeroext, llvm.noundef}) -> (i32 {llvm.signext}) attributes {kiln.abi = "{\22name\22:\22widen\22,\22a\22:[\22i8\22,\22i8\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.sext %arg0 : i8 to i32
    %v3 = llvm.zext %arg1 : i8 to i32
    %v4 = llvm.add %v1, %v3 : i32
    llvm.return %v4 : i32
  }
  llvm.func @scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: f32 {llvm.noundef}) attributes {kiln.abi = "{\22name\22:\22scale\22,\22a\22:[[\22ndarray\22,\22f32\22,1,8],\22f32\22],\22r\22:[],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v2 = llvm.mlir.constant(8 : i64) : i64
    %v9 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0 : i64)
  ^bb1(%b1_0: i64):
    %v3 = llvm.icmp "slt" %b1_0, %v2 : i64
    llvm.cond_br %v3, ^bb2, ^bb3
  ^bb2:
    %v5 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v6 = llvm.load %v5 : !llvm.ptr -> f32
    %v8 = llvm.fmul %v6, %arg5 : f32
    llvm.store %v8, %v5 : f32, !llvm.ptr
    %v10 = llvm.add %b1_0, %v9 : i64
    llvm.br ^bb1(%v10 : i64)
  ^bb3:
    llvm.return
  }
  llvm.func @_mlir_ciface_scale(%arg0: !llvm.ptr {llvm.noalias, llvm.nonnull}, %arg1: f32 {llvm.noundef}) {
    %v1 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v2 = llvm.extractvalue %v1[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v3 = llvm.extractvalue %v1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v4 = llvm.extractvalue %v1[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v5 = llvm.extractvalue %v1[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %v6 = llvm.extractvalue %v1[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.call @scale(%v2, %v3, %v4, %v5, %v6, %arg1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, f32) -> ()
    llvm.return
  }
  llvm.func @first(%arg0: !llvm.ptr {llvm.align = 16 : i64, llvm.dereferenceable = 16 : i64, llvm.readonly}) -> i32 attributes {kiln.abi = "{\22name\22:\22first\22,\22a\22:[[\22ndarray\22,\22i32\22,1,4]],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.load %arg0 : !llvm.ptr -> i32
    llvm.return %v1 : i32
  }
  llvm.func @clamp(i16 {llvm.signext}) -> (i16 {llvm.signext})
  llvm.func @main(%arg0: i8, %arg1: i8) -> i32 attributes {kiln.abi = "{\22name\22:\22main\22,\22a\22:[\22i8\22,\22i8\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v2 = llvm.call @widen(%arg0, %arg1) : (i8, i8) -> i32
    llvm.return %v2 : i32
  }
}
