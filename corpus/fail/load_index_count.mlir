// error: 3:3: `memref.load` on `memref<?x?xf32>` needs 2 indices but has 1 index
func.func @f(%m: memref<?x?xf32>, %i: index) -> f32 {
  %0 = memref.load %m[%i] : memref<?x?xf32>
  func.return %0 : f32
}
