module {
  func.func @sum(%m: memref<?xf32>, %n: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    cf.br ^loop(%c0, %zero : index, f32)
  ^loop(%i: index, %acc: f32):
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^body, ^done
  ^body:
    %v = memref.load %m[%i] : memref<?xf32>
    %next_acc = arith.addf %acc, %v : f32
    %next = arith.addi %i, %c1 : index
    cf.br ^loop(%next, %next_acc : index, f32)
  ^done:
    func.return %acc : f32
  }
  func.func @second(%m: memref<4xf32, strided<[1], offset: ?>>) -> f32 {
    %c1 = arith.constant 1 : index
    %v = memref.load %m[%c1] : memref<4xf32, strided<[1], offset: ?>>
    func.return %v : f32
  }
}
