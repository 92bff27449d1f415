module {
  llvm.func linkonce_odr @square(%arg0: i32) -> i32 {
    %v1 = llvm.mul %arg0, %arg0 : i32
    llvm.return %v1 : i32
  }
  llvm.func internal @twice(%arg0: i32) -> i32 {
    %v1 = llvm.add %arg0, %arg0 : i32
    llvm.return %v1 : i32
  }
  llvm.func weak @hook(%arg0: i32) -> i32 {
    llvm.return %arg0 : i32
  }
  llvm.func @main(%arg0: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22main\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.call @square(%arg0) : (i32) -> i32
    %v2 = llvm.call @twice(%v1) : (i32) -> i32
    %v3 = llvm.call @hook(%v2) : (i32) -> i32
    llvm.return %v3 : i32
  }
}
