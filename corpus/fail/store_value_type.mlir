// error: 3:3: stored value `%v` has type `f64`, expected `f32`
func.func @f(%m: memref<4xf32>, %i: index, %v: f64) {
  memref.store %v, %m[%i] : memref<4xf32>
  func.return
}
