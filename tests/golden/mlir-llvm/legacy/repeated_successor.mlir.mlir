module {
  llvm.func @f(%arg0: i1, %arg1: i32, %arg2: i32) attributes {kiln.abi = "{\22name\22:\22f\22,\22a\22:[\22i1\22,\22i32\22,\22i32\22],\22r\22:[],\22v\22:1}"} {
    llvm.cond_br %arg0, ^bb1(%arg1 : i32), ^via0
  ^bb1(%b1_0: i32):
    llvm.call @use(%b1_0) : (i32) -> ()
    llvm.return
  ^via0:
    llvm.br ^bb1(%arg2 : i32)
  }
  llvm.func @use(i32)
}
