// Every arith operation kiln accepts, in the forms mlir-opt prints.
func.func @integers(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b overflow<nsw> : i32
  %2 = arith.muli %1, %a : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.ceildivsi %4, %b : i32
  %6 = arith.ceildivui %5, %b : i32
  %7 = arith.floordivsi %6, %b : i32
  %8 = arith.remsi %7, %b : i32
  %9 = arith.remui %8, %b : i32
  %10 = arith.andi %9, %a : i32
  %11 = arith.ori %10, %a : i32
  %12 = arith.xori %11, %a : i32
  %13 = arith.shli %12, %b : i32
  %14 = arith.shrsi %13, %b : i32
  %15 = arith.shrui %14, %b : i32
  %16 = arith.maxsi %15, %a : i32
  %17 = arith.maxui %16, %a : i32
  %18 = arith.minsi %17, %a : i32
  %19 = arith.minui %18, %a : i32
  func.return %19 : i32
}

func.func @floats(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %0, %y fastmath<fast> : f32
  %2 = arith.mulf %1, %x : f32
  %3 = arith.divf %2, %y : f32
  %4 = arith.remf %3, %y : f32
  %5 = arith.maximumf %4, %x : f32
  %6 = arith.minimumf %5, %x : f32
  %7 = arith.maxnumf %6, %x : f32
  %8 = arith.minnumf %7, %x : f32
  %9 = arith.negf %8 : f32
  func.return %9 : f32
}

func.func @constants() -> (i1, i8, i16, i64, index, f16, f32, f64, f32) {
  %t = arith.constant true
  %a = arith.constant -128 : i8
  %b = arith.constant 0xFFFF : i16
  %c = arith.constant 9223372036854775807 : i64
  %d = arith.constant -1 : index
  %e = arith.constant 1.5 : f16
  %f = arith.constant 0x7F800000 : f32
  %g = arith.constant -2.5e-3 : f64
  %h = arith.constant 0.1 : f32
  func.return %t, %a, %b, %c, %d, %e, %f, %g, %h : i1, i8, i16, i64, index, f16, f32, f64, f32
}

func.func @compare_int(%a: i64, %b: i64) -> i1 {
  %0 = arith.cmpi eq, %a, %b : i64
  %1 = arith.cmpi ne, %a, %b : i64
  %2 = arith.cmpi slt, %a, %b : i64
  %3 = arith.cmpi "sle", %a, %b : i64
  %4 = arith.cmpi sgt, %a, %b : i64
  %5 = arith.cmpi sge, %a, %b : i64
  %6 = arith.cmpi ult, %a, %b : i64
  %7 = arith.cmpi ule, %a, %b : i64
  %8 = arith.cmpi ugt, %a, %b : i64
  %9 = arith.cmpi uge, %a, %b : i64
  %r0 = arith.xori %0, %1 : i1
  %r1 = arith.xori %r0, %2 : i1
  %r2 = arith.xori %r1, %3 : i1
  %r3 = arith.xori %r2, %4 : i1
  %r4 = arith.xori %r3, %5 : i1
  %r5 = arith.xori %r4, %6 : i1
  %r6 = arith.xori %r5, %7 : i1
  %r7 = arith.xori %r6, %8 : i1
  %r8 = arith.xori %r7, %9 : i1
  func.return %r8 : i1
}

func.func @compare_float(%a: f64, %b: f64) -> i1 {
  %0 = arith.cmpf false, %a, %b : f64
  %1 = arith.cmpf oeq, %a, %b : f64
  %2 = arith.cmpf ogt, %a, %b : f64
  %3 = arith.cmpf oge, %a, %b : f64
  %4 = arith.cmpf olt, %a, %b : f64
  %5 = arith.cmpf ole, %a, %b : f64
  %6 = arith.cmpf one, %a, %b : f64
  %7 = arith.cmpf ord, %a, %b : f64
  %8 = arith.cmpf ueq, %a, %b : f64
  %9 = arith.cmpf ugt, %a, %b : f64
  %10 = arith.cmpf uge, %a, %b : f64
  %11 = arith.cmpf ult, %a, %b : f64
  %12 = arith.cmpf ule, %a, %b : f64
  %13 = arith.cmpf une, %a, %b : f64
  %14 = arith.cmpf uno, %a, %b : f64
  %15 = arith.cmpf true, %a, %b : f64
  %s = arith.select %7, %1, %15 : i1
  func.return %s : i1
}

func.func @conversions(%i: i32, %f: f32, %n: index) -> f64 {
  %0 = arith.extsi %i : i32 to i64
  %1 = arith.extui %i : i32 to i64
  %2 = arith.trunci %0 : i64 to i16
  %3 = arith.sitofp %2 : i16 to f32
  %4 = arith.uitofp %1 : i64 to f64
  %5 = arith.fptosi %f : f32 to i32
  %6 = arith.fptoui %f : f32 to i8
  %7 = arith.extf %f : f32 to f64
  %8 = arith.truncf %7 : f64 to f16
  %9 = arith.index_cast %n : index to i64
  %10 = arith.index_cast %5 : i32 to index
  %11 = arith.index_castui %10 : index to i32
  %12 = arith.bitcast %11 : i32 to f32
  %13 = arith.extf %12 : f32 to f64
  %14 = arith.addf %13, %4 : f64
  func.return %14 : f64
}

// Unknown operations in generic form become calls to external C functions.
func.func @generic(%x: i32) -> i64 {
  %y = "widen"(%x) : (i32) -> i64
  "use"(%y) : (i64) -> ()
  func.return %y : i64
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @integers 7 3
// run: @conversions -2 2.5 5
// run: @floats 1.5 -2.25
// run: @compare_int -3 4
// run: @compare_float 0.5 0.25
