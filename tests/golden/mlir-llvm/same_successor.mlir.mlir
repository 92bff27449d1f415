module {
  llvm.func @pick(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22pick\22,\22a\22:[\22i1\22,\22i32\22,\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    llvm.cond_br %arg0, ^bb1(%arg1 : i32), ^via0
  ^bb1(%b1_0: i32):
    llvm.return %b1_0 : i32
  ^via0:
    llvm.br ^bb1(%arg2 : i32)
  }
  llvm.func @classify(%arg0: i32) -> i32 attributes {kiln.abi = "{\22name\22:\22classify\22,\22a\22:[\22i32\22],\22r\22:[\22i32\22],\22v\22:1}"} {
    %v1 = llvm.mlir.constant(0 : i32) : i32
    %v2 = llvm.mlir.constant(1 : i32) : i32
    %v3 = llvm.mlir.constant(2 : i32) : i32
    llvm.switch %arg0 : i32, ^bb1(%v1 : i32) [
      10: ^via0,
      20: ^via1
    ]
  ^bb1(%b1_0: i32):
    llvm.return %b1_0 : i32
  ^via0:
    llvm.br ^bb1(%v2 : i32)
  ^via1:
    llvm.br ^bb1(%v3 : i32)
  }
}
