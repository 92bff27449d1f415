// error: 4:3: `math.sqrt` needs a floating-point operand, but `%n` has type `i32`
// error: 5:3: `math.ctlz` needs a signless integer operand, but `%x` has type `f32`
func.func @f(%x: f32, %n: i32) -> (i32, f32) {
  %0 = math.sqrt %n : i32
  %1 = math.ctlz %x : f32
  func.return %0, %1 : i32, f32
}
