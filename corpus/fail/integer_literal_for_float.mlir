// error: 3:23: integer literal `1` for floating-point type `f32`; write `1.0` (or the bits in hex)
func.func @f() -> f32 {
  %0 = arith.constant 1 : f32
  func.return %0 : f32
}
