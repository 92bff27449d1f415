module {
  func.func @trace(%m: memref<?x?xf64>) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f64
    %n = memref.dim %m, %c0 : memref<?x?xf64>
    cf.br ^loop(%c0, %zero : index, f64)
  ^loop(%i: index, %acc: f64):
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    %x = memref.load %m[%i, %i] : memref<?x?xf64>
    %acc2 = arith.addf %acc, %x : f64
    %i2 = arith.addi %i, %c1 : index
    cf.br ^loop(%i2, %acc2 : index, f64)
  ^exit:
    func.return %acc : f64
  }
  func.func @set(%m: memref<4x8xf32>, %i: index, %j: index, %v: f32) -> memref<4x8xf32> {
    memref.store %v, %m[%i, %j] : memref<4x8xf32>
    func.return %m : memref<4x8xf32>
  }
}
