// Custom forms of func, arith, cf and memref, and attributes of functions and arguments.
module @m attributes {test.flag} {
  func.func private @decl(i32, memref<?xf32> {llvm.noalias}) -> (i32, f64)
  func.func @f(%arg0: i32 {llvm.noundef}, %m: memref<?x4xf32>, %p: i1) -> (i32 {llvm.zeroext}) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %t = arith.constant true
    %neg = arith.constant -7 : i32
    %f = arith.constant 1.5 : f32
    %v = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
    %d = memref.dim %m, %c0 : memref<?x4xf32>
    %a = memref.alloc(%d) {alignment = 64 : i64} : memref<?x4xf32>
    %s = memref.alloca() : memref<4xi32>
    %l = memref.load %m[%c0, %c0] : memref<?x4xf32>
    %g = arith.addf %l, %f fastmath<fast> : f32
    memref.store %g, %a[%c0, %c0] : memref<?x4xf32>
    memref.copy %m, %a : memref<?x4xf32> to memref<?x4xf32>
    %u = memref.cast %a : memref<?x4xf32> to memref<*xf32>
    memref.dealloc %a : memref<?x4xf32>
    %x = arith.addi %arg0, %neg overflow<nsw, nuw> : i32
    %y = arith.cmpi slt, %x, %arg0 : i32
    %z = arith.cmpf olt, %l, %f : f32
    %w = arith.select %y, %x, %arg0 : i32
    %e = arith.extsi %w : i32 to i64
    %n = arith.negf %l : f32
    %u2 = "x.make"() : () -> memref<?xf32>
    %r:2 = func.call @decl(%w, %u2) : (i32, memref<?xf32>) -> (i32, f64)
    cf.assert %t, "must hold"
    cf.cond_br %p, ^bb1(%x : i32), ^bb2
  ^bb1(%q: i32):
    cf.br ^bb2
  ^bb2:
    return %arg0 : i32
  }
}
