module {
  func.func @pick(%c: i1, %x: i32) -> i32 {
    %p = ub.poison : i32
    %r = arith.select %c, %x, %p : i32
    func.return %r : i32
  }
  func.func @first_or_poison(%m: memref<?xf64>, %i: index) -> f64 {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xf64>
    %inside = arith.cmpi ult, %i, %n : index
    %p = ub.poison : f64
    cf.cond_br %inside, ^load, ^out
  ^load:
    %v = memref.load %m[%i] : memref<?xf64>
    func.return %v : f64
  ^out:
    func.return %p : f64
  }
  func.func @index_poison(%k: index) -> index {
    %p = ub.poison : index
    %t = arith.constant true
    %r = arith.select %t, %k, %p : index
    func.return %r : index
  }
  func.func @pick_memref(%c: i1, %m: memref<4xf32>, %i: index) -> f32 {
    %p = ub.poison : memref<4xf32>
    %v = arith.select %c, %m, %p : memref<4xf32>
    %x = memref.load %v[%i] : memref<4xf32>
    func.return %x : f32
  }
  func.func @pick_unranked(%c: i1, %m: memref<*xf32>) -> index {
    %p = ub.poison : memref<*xf32>
    %v = arith.select %c, %m, %p : memref<*xf32>
    %r = memref.rank %v : memref<*xf32>
    func.return %r : index
  }
}
