// Half precision end to end: arguments and results of `kiln run`, arithmetic rounded to
// f16, conversions, comparisons and f16 memrefs.
func.func @arith(%x: f16, %y: f16) -> (f16, f16, f16, f16, f16) {
  %0 = arith.addf %x, %y : f16
  %1 = arith.subf %x, %y : f16
  %2 = arith.mulf %x, %y : f16
  %3 = arith.divf %x, %y : f16
  %4 = arith.maximumf %x, %y : f16
  func.return %0, %1, %2, %3, %4 : f16, f16, f16, f16, f16
}

func.func @conversions(%x: f16, %i: i32) -> (f32, f64, f16, i32, f16) {
  %0 = arith.extf %x : f16 to f32
  %1 = arith.extf %x : f16 to f64
  %w = arith.constant 3.14159265 : f64
  %2 = arith.truncf %w : f64 to f16
  %3 = arith.fptosi %x : f16 to i32
  %4 = arith.sitofp %i : i32 to f16
  func.return %0, %1, %2, %3, %4 : f32, f64, f16, i32, f16
}

func.func @compare(%x: f16, %y: f16) -> (i1, i1) {
  %0 = arith.cmpf olt, %x, %y : f16
  %1 = arith.cmpf uno, %x, %y : f16
  func.return %0, %1 : i1, i1
}

// Sum of an f16 buffer, and each element doubled in place.
func.func @sum(%m: memref<?xf16>) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf16>
  %zero = arith.constant 0.0 : f16
  cf.br ^loop(%c0, %zero : index, f16)
^loop(%i: index, %acc: f16):
  %done = arith.cmpi eq, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %x = memref.load %m[%i] : memref<?xf16>
  %a = arith.addf %acc, %x : f16
  %d = arith.addf %x, %x : f16
  memref.store %d, %m[%i] : memref<?xf16>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %a : index, f16)
^exit:
  func.return %acc : f16
}

// run: @arith 1.5 0.1
// run: @arith 65504 2
// run: @arith 0.00006103515625 -3
// run: @conversions 2.75 70000
// run: @conversions -1.5 -7
// run: @compare 0.5 1
// run: @sum f16[4]=0.1,0.2,0.3,1000
