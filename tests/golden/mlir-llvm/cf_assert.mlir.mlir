module {
  llvm.func @clamp_index(%arg0: i64, %arg1: i64) -> i64 attributes {kiln.abi = "{\22name\22:\22clamp_index\22,\22a\22:[\22i64\22,\22i64\22],\22r\22:[\22i64\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(0 : i64) : i64
    %v2 = llvm.icmp "sgt" %arg1, %v1 : i64
    llvm.cond_br %v2, ^assert0_ok, ^assert0_fail
  ^assert0_ok:
    %v4 = llvm.icmp "slt" %arg0, %arg1 : i64
    %v5 = llvm.mlir.constant(1 : i64) : i64
    %v6 = llvm.sub %arg1, %v5 : i64
    %v7 = llvm.select %v4, %arg0, %v6 : i1, i64
    llvm.return %v7 : i64
  ^assert0_fail:
    %assert0_one = llvm.mlir.constant(1 : i64) : i64
    %assert0_buf = llvm.alloca %assert0_one x !llvm.array<27 x i8> : (i64) -> !llvm.ptr
    %assert0_text = llvm.mlir.constant("the bound must be positive\00") : !llvm.array<27 x i8>
    llvm.store %assert0_text, %assert0_buf : !llvm.array<27 x i8>, !llvm.ptr
    %assert0_put = llvm.call @puts(%assert0_buf) : (!llvm.ptr) -> i32
    %assert0_null = llvm.mlir.zero : !llvm.ptr
    %assert0_flush = llvm.call @fflush(%assert0_null) : (!llvm.ptr) -> i32
    llvm.call @abort() : () -> ()
    llvm.unreachable
  }
  llvm.func @sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i32 attributes {kiln.abi = "{\22name\22:\22sum\22,\22a\22:[[\22ndarray\22,\22i32\22,1,null]],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v1 = llvm.mlir.constant(0 : i32) : i32
    %v9 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %v1 : i64, i32)
  ^bb1(%b1_0: i64, %b1_1: i32):
    %v4 = llvm.icmp "slt" %b1_0, %arg3 : i64
    llvm.cond_br %v4, ^bb2, ^bb3
  ^bb2:
    %v6 = llvm.getelementptr %arg1[%b1_0] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v7 = llvm.load %v6 : !llvm.ptr -> i32
    %v8 = llvm.icmp "sge" %v7, %v1 : i32
    llvm.cond_br %v8, ^assert0_ok, ^assert0_fail
  ^assert0_ok:
    %v10 = llvm.add %b1_0, %v9 : i64
    %v12 = llvm.add %b1_1, %v7 : i32
    llvm.br ^bb1(%v10, %v12 : i64, i32)
  ^bb3:
    llvm.return %b1_1 : i32
  ^assert0_fail:
    %assert0_one = llvm.mlir.constant(1 : i64) : i64
    %assert0_buf = llvm.alloca %assert0_one x !llvm.array<48 x i8> : (i64) -> !llvm.ptr
    %assert0_text = llvm.mlir.constant("elements are not negative\0A(checked in the loop)\00") : !llvm.array<48 x i8>
    llvm.store %assert0_text, %assert0_buf : !llvm.array<48 x i8>, !llvm.ptr
    %assert0_put = llvm.call @puts(%assert0_buf) : (!llvm.ptr) -> i32
    %assert0_null = llvm.mlir.zero : !llvm.ptr
    %assert0_flush = llvm.call @fflush(%assert0_null) : (!llvm.ptr) -> i32
    llvm.call @abort() : () -> ()
    llvm.unreachable
  }
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.func @fflush(!llvm.ptr) -> i32
  llvm.func @abort()
}
