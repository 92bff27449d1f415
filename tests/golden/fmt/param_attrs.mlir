module {
  func.func @widen(%x: i8 {llvm.signext}, %y: i8 {llvm.zeroext, llvm.noundef}) -> (i32 {llvm.signext}) {
    %a = arith.extsi %x : i8 to i32
    %b = arith.extui %y : i8 to i32
    %s = arith.addi %a, %b : i32
    func.return %s : i32
  }
  func.func @scale(%m: memref<8xf32> {llvm.noalias, llvm.nonnull}, %k: f32 {llvm.noundef}) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    cf.br ^loop(%c0 : index)
  ^loop(%i: index):
    %more = arith.cmpi slt, %i, %c8 : index
    cf.cond_br %more, ^body, ^done
  ^body:
    %v = memref.load %m[%i] : memref<8xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %m[%i] : memref<8xf32>
    %next = arith.addi %i, %c1 : index
    cf.br ^loop(%next : index)
  ^done:
    func.return
  }
  func.func @first(%m: memref<4xi32> {llvm.align = 16 : i64, llvm.dereferenceable = 16 : i64, llvm.readonly}) -> i32 attributes {llvm.bareptr} {
    %c0 = arith.constant 0 : index
    %v = memref.load %m[%c0] : memref<4xi32>
    func.return %v : i32
  }
  func.func private @clamp(i16 {llvm.signext}) -> (i16 {llvm.signext})
  func.func @main(%x: i8, %y: i8) -> i32 {
    %w = func.call @widen(%x, %y) : (i8, i8) -> i32
    func.return %w : i32
  }
}
