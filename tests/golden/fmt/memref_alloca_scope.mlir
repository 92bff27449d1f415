module {
  func.func @sum(%n: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    cf.br ^loop(%c0, %z : index, f32)
  ^loop(%i: index, %acc: f32):
    %done = arith.cmpi sge, %i, %n : index
    cf.cond_br %done, ^exit, ^body
  ^body:
    %next = memref.alloca_scope -> (f32) {
      %m = memref.alloca(%n) : memref<?xf32>
      %fi = arith.index_cast %i : index to i32
      %f = arith.sitofp %fi : i32 to f32
      memref.store %f, %m[%i] : memref<?xf32>
      %half = memref.alloca_scope -> (f32) {
        %h = memref.alloca() : memref<2xf32>
        %c2 = arith.constant 2.0 : f32
        %q = arith.divf %f, %c2 : f32
        memref.store %q, %h[%c1] : memref<2xf32>
        %v = memref.load %h[%c1] : memref<2xf32>
        memref.alloca_scope.return %v : f32
      }
      %v = memref.load %m[%i] : memref<?xf32>
      %s = arith.addf %acc, %v : f32
      %t = arith.addf %s, %half : f32
      memref.alloca_scope.return %t : f32
    }
    %i2 = arith.addi %i, %c1 : index
    cf.br ^loop(%i2, %next : index, f32)
  ^exit:
    func.return %acc : f32
  }
  func.func @twice(%x: f32, %out: memref<1xf32>) -> f32 {
    %a = memref.alloca_scope -> (f32) {
      %m = memref.alloca() : memref<1xf32>
      %c0 = arith.constant 0 : index
      memref.store %x, %m[%c0] : memref<1xf32>
      %v = memref.load %m[%c0] : memref<1xf32>
      memref.alloca_scope.return %v : f32
    }
    memref.alloca_scope {
      %m = memref.alloca() : memref<4xf32>
    }
    %r = arith.addf %a, %a : f32
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xf32>
    func.return %r : f32
  }
}
