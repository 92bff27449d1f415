// Seed 000, "Index Linearization": a load from a rank-4 memref whose two inner sizes are
// static (strides 32, 8 and 1 are constants; the outer stride is dynamic).
func @load4(%m: memref<?x?x4x8xf32>, %1: index, %2: index, %3: index, %4: index) -> f32 {
  %0 = load %m[%1, %2, %3, %4] : memref<?x?x4x8xf32>
  return %0 : f32
}

func @store4(%m: memref<?x?x4x8xf32>, %v: f32, %1: index, %2: index, %3: index, %4: index) {
  store %v, %m[%1, %2, %3, %4] : memref<?x?x4x8xf32>
  return
}
