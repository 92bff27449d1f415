module {
  llvm.func @inc(%arg0: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22inc\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(1 : i32) : i32
    %v2 = llvm.add %arg0, %v1 : i32
    llvm.return %v2 : i32
  }
  llvm.func @dbl(%arg0: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22dbl\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.add %arg0, %arg0 : i32
    llvm.return %v1 : i32
  }
  llvm.func @pick(%arg0: i1) -> !llvm.ptr attributes {kiln.abi = "{\22name\22:\22pick\22,\22a\22:[\22i1\22],\22r\22:[\22unknown\22],\22v\22:1}"} {
    %v1 = llvm.mlir.addressof @inc : !llvm.ptr
    %v2 = llvm.mlir.addressof @dbl : !llvm.ptr
    %v3 = llvm.select %arg0, %v1, %v2 : i1, !llvm.ptr
    llvm.return %v3 : !llvm.ptr
  }
  llvm.func @repeat(%arg0: !llvm.ptr, %arg1: i64, %arg2: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22repeat\22,\22a\22:[\22unknown\22,\22i64\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.constant(0 : i64) : i64
    %v9 = llvm.mlir.constant(1 : i64) : i64
    llvm.br ^bb1(%v0, %arg2, %arg0 : i64, i32, !llvm.ptr)
  ^bb1(%b1_0: i64, %b1_1: i32, %b1_2: !llvm.ptr):
    %v5 = llvm.icmp "eq" %b1_0, %arg1 : i64
    llvm.cond_br %v5, ^bb3, ^bb2
  ^bb2:
    %v8 = llvm.call %b1_2(%b1_1) : !llvm.ptr, (i32) -> i32
    %v10 = llvm.add %b1_0, %v9 : i64
    llvm.br ^bb1(%v10, %v8, %b1_2 : i64, i32, !llvm.ptr)
  ^bb3:
    llvm.return %b1_1 : i32
  }
  llvm.func @main(%arg0: i1, %arg1: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22main\22,\22a\22:[\22i1\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.call @pick(%arg0) : (i1) -> !llvm.ptr
    %v2 = llvm.mlir.constant(3 : i64) : i64
    %v4 = llvm.call @repeat(%v1, %v2, %arg1) : (!llvm.ptr, i64, i32) -> i32
    llvm.return %v4 : i32
  }
  llvm.func @generic(%arg0: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22generic\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.addressof @dbl : !llvm.ptr
    %v2 = llvm.call %v0(%arg0) : !llvm.ptr, (i32) -> i32
    llvm.return %v2 : i32
  }
}
