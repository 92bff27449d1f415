// The math dialect: LLVM intrinsics where convert-math-to-llvm uses them, the C math library
// where convert-math-to-libm does, at f32 and f64 (and the integer operations).
func.func @rounding(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = math.absf %x : f32
  %1 = math.ceil %x : f32
  %2 = math.floor %x : f32
  %3 = math.round %x : f32
  %4 = math.roundeven %x : f32
  %5 = math.trunc %x : f32
  func.return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

func.func @powers(%x: f64, %y: f64, %n: i32) -> (f64, f64, f64, f64, f64, f64, f64, f64) {
  %0 = math.sqrt %x : f64
  %1 = math.rsqrt %x : f64
  %2 = math.cbrt %x : f64
  %3 = math.powf %x, %y : f64
  %4 = math.fpowi %x, %n : f64, i32
  %5 = math.fma %x, %y, %x : f64
  %6 = math.copysign %x, %y : f64
  %7 = math.atan2 %y, %x : f64
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : f64, f64, f64, f64, f64, f64, f64, f64
}

func.func @exponentials(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = math.exp %x : f32
  %1 = math.exp2 %x : f32
  %3 = math.log %x : f32
  %4 = math.log2 %x : f32
  %5 = math.log10 %x : f32
  %7 = math.erf %x fastmath<contract> : f32
  func.return %0, %1, %3, %4, %5, %7 : f32, f32, f32, f32, f32, f32
}

// e^x - 1 and ln(1 + x), exact near zero: kiln calls the C library's expm1 and log1p.
// mlir-19-differs: @near_zero MLIR 19's convert-math-to-llvm computes exp(x) - 1 and log(1 + x), which lose the digits of a small x (at f32, expm1 of 1e-7 is 1.0000001e-7; MLIR 19 gives 1.1920929e-7)
func.func @near_zero(%x: f32, %y: f64) -> (f32, f32, f64, f64) {
  %0 = math.expm1 %x : f32
  %1 = math.log1p %x : f32
  %2 = math.expm1 %y : f64
  %3 = math.log1p %y : f64
  func.return %0, %1, %2, %3 : f32, f32, f64, f64
}

func.func @trigonometry(%x: f64) -> (f64, f64, f64, f64, f64, f64) {
  %0 = math.sin %x : f64
  %1 = math.cos %x : f64
  %2 = math.tan %x : f64
  %3 = math.asin %x : f64
  %4 = math.acos %x : f64
  %5 = math.atan %x : f64
  func.return %0, %1, %2, %3, %4, %5 : f64, f64, f64, f64, f64, f64
}

func.func @hyperbolic(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = math.sinh %x : f32
  %1 = math.cosh %x : f32
  %2 = math.tanh %x : f32
  %3 = math.asinh %x : f32
  %c2 = arith.constant 2.0 : f32
  %y = arith.addf %x, %c2 : f32
  %4 = math.acosh %y : f32
  %c3 = arith.constant 3.0 : f32
  %z = arith.divf %x, %c3 : f32
  %5 = math.atanh %z : f32
  func.return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

func.func @bits(%a: i16) -> (i16, i16, i16, i16) {
  %0 = math.absi %a : i16
  %1 = math.ctlz %a : i16
  %2 = math.cttz %a : i16
  %3 = math.ctpop %a : i16
  func.return %0, %1, %2, %3 : i16, i16, i16, i16
}

// run: @rounding 2.5
// run: @rounding -3.5
// run: @rounding -0.25
// run: @powers 2.0 0.5 10
// run: @powers 9.0 -1.5 -3
// run: @exponentials 0.75
// run: @exponentials 3.5
// run: @near_zero 1e-7 1e-12
// run: @near_zero 0.75 -0.5
// run: @trigonometry 0.5
// run: @trigonometry -0.9
// run: @hyperbolic 0.5
// run: @hyperbolic -1.25
// run: @bits 0
// run: @bits -32768
// run: @bits 1234
