// error: 3:3: `math.fpowi` is written with two types, `: T, U` (the base's and the exponent's)
func.func @f(%x: f32, %n: i32) -> f32 {
  %0 = math.fpowi %x, %n : f32
  func.return %0 : f32
}
