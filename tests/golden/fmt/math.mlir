module {
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
}
