module {
  func.func @fill(%m: memref<4x3xf32>, %n: index, %x: f32) -> memref<4x3xf32> attributes {llvm.bareptr} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    memref.store %x, %m[%n, %c0] : memref<4x3xf32>
    memref.store %x, %m[%n, %c2] : memref<4x3xf32>
    func.return %m : memref<4x3xf32>
  }
  func.func @pair(%m: memref<4x3xf32>, %s: memref<f32>) -> (memref<f32>, f32) attributes {llvm.bareptr} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = memref.load %m[%c1, %c2] : memref<4x3xf32>
    %w = memref.load %s[] : memref<f32>
    %t = arith.addf %v, %w : f32
    memref.store %t, %s[] : memref<f32>
    func.return %s, %v : memref<f32>, f32
  }
  func.func @caller(%m: memref<4x3xf32>, %s: memref<f32>) -> f32 {
    %c3 = arith.constant 3 : index
    %x = arith.constant 7.5 : f32
    %r = func.call @fill(%m, %c3, %x) : (memref<4x3xf32>, index, f32) -> memref<4x3xf32>
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    memref.store %one, %r[%c1, %c1] : memref<4x3xf32>
    %p:2 = func.call @pair(%r, %s) : (memref<4x3xf32>, memref<f32>) -> (memref<f32>, f32)
    %z = memref.load %p#0[] : memref<f32>
    %sum = arith.addf %z, %p#1 : f32
    func.return %sum : f32
  }
  func.func @strided_sum(%m: memref<2xf32, strided<[3], offset: 1>>) -> f32 attributes {llvm.bareptr} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.load %m[%c0] : memref<2xf32, strided<[3], offset: 1>>
    %b = memref.load %m[%c1] : memref<2xf32, strided<[3], offset: 1>>
    %s = arith.addf %a, %b : f32
    func.return %s : f32
  }
}
