// error: 4:47: 1 does not match the result type, which has 0 here
// error: 4:59: 3 does not match the result type, which has 2 here
func.func @f(%m: memref<f32>, %n: index) -> memref<2x?xf32> {
  %v = memref.reinterpret_cast %m to offset: [1], sizes: [3, %n], strides: [%n, 1] : memref<f32> to memref<2x?xf32>
  func.return %v : memref<2x?xf32>
}
