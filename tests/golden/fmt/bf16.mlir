module {
  memref.global "private" constant @weights : memref<3xbf16> = dense<[0.5, 1.296875, -2.0]>
  func.func @arith(%x: bf16, %y: bf16) -> (bf16, bf16, bf16, bf16, bf16, bf16, bf16) {
    %0 = arith.addf %x, %y : bf16
    %1 = arith.subf %x, %y : bf16
    %2 = arith.mulf %x, %y : bf16
    %3 = arith.divf %x, %y : bf16
    %4 = arith.maximumf %x, %y : bf16
    %5 = arith.negf %x : bf16
    %6 = arith.minnumf %x, %y : bf16
    func.return %0, %1, %2, %3, %4, %5, %6 : bf16, bf16, bf16, bf16, bf16, bf16, bf16
  }
  func.func @conversions(%x: bf16, %d: f64, %i: i32) -> (f32, f64, bf16, bf16, i32, bf16, f16) {
    %0 = arith.extf %x : bf16 to f32
    %1 = arith.extf %x : bf16 to f64
    %2 = arith.truncf %d : f64 to bf16
    %w = arith.constant 3.1415927 : f32
    %3 = arith.truncf %w : f32 to bf16
    %4 = arith.fptosi %x : bf16 to i32
    %5 = arith.sitofp %i : i32 to bf16
    %b = arith.bitcast %x : bf16 to i16
    %h = arith.bitcast %b : i16 to f16
    func.return %0, %1, %2, %3, %4, %5, %h : f32, f64, bf16, bf16, i32, bf16, f16
  }
  func.func @compare(%x: bf16, %y: bf16) -> (i1, i1, bf16) {
    %0 = arith.cmpf olt, %x, %y : bf16
    %1 = arith.cmpf oeq, %x, %y : bf16
    %2 = arith.select %0, %x, %y : bf16
    func.return %0, %1, %2 : i1, i1, bf16
  }
  func.func @dot(%m: memref<3xbf16>) -> (bf16, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %w = memref.get_global @weights : memref<3xbf16>
    %zero = arith.constant 0.0 : bf16
    %zero32 = arith.constant 0.0 : f32
    cf.br ^loop(%c0, %zero, %zero32 : index, bf16, f32)
  ^loop(%i: index, %acc: bf16, %acc32: f32):
    %done = arith.cmpi eq, %i, %c3 : index
    cf.cond_br %done, ^exit, ^body
  ^body:
    %x = memref.load %m[%i] : memref<3xbf16>
    %k = memref.load %w[%i] : memref<3xbf16>
    %p = arith.mulf %x, %k : bf16
    memref.store %p, %m[%i] : memref<3xbf16>
    %a = arith.addf %acc, %p : bf16
    %p32 = arith.extf %p : bf16 to f32
    %a32 = arith.addf %acc32, %p32 : f32
    %next = arith.addi %i, %c1 : index
    cf.br ^loop(%next, %a, %a32 : index, bf16, f32)
  ^exit:
    func.return %acc, %acc32 : bf16, f32
  }
}
