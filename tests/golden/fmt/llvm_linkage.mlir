module {
  func.func private @square(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<linkonce_odr>} {
    %0 = arith.muli %x, %x : i32
    func.return %0 : i32
  }
  func.func @twice(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>} {
    %0 = arith.addi %x, %x : i32
    func.return %0 : i32
  }
  func.func @hook(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<weak>} {
    func.return %x : i32
  }
  func.func @main(%x: i32) -> i32 {
    %0 = func.call @square(%x) : (i32) -> i32
    %1 = func.call @twice(%0) : (i32) -> i32
    %2 = func.call @hook(%1) : (i32) -> i32
    func.return %2 : i32
  }
}
