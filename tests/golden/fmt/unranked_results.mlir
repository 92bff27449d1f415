module {
  func.func @two(%m: memref<4x3xf32>) -> (memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface} {
    %u = memref.cast %m : memref<4x3xf32> to memref<*xf32>
    func.return %u, %u : memref<*xf32>, memref<*xf32>
  }
  func.func @caller(%m: memref<4x3xf32>) -> f32 {
    %r:2 = func.call @two(%m) : (memref<4x3xf32>) -> (memref<*xf32>, memref<*xf32>)
    %a = memref.cast %r#0 : memref<*xf32> to memref<4x3xf32>
    %b = memref.cast %r#1 : memref<*xf32> to memref<4x3xf32>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x = memref.load %a[%c1, %c2] : memref<4x3xf32>
    %y = memref.load %b[%c2, %c1] : memref<4x3xf32>
    %s = arith.addf %x, %y : f32
    func.return %s : f32
  }
  func.func @mixed(%v: memref<2xf32>, %n: i32) -> (i32, memref<*xf32>, f32) attributes {llvm.emit_c_interface} {
    %u = memref.cast %v : memref<2xf32> to memref<*xf32>
    %c1 = arith.constant 1 : index
    %x = memref.load %v[%c1] : memref<2xf32>
    func.return %n, %u, %x : i32, memref<*xf32>, f32
  }
}
