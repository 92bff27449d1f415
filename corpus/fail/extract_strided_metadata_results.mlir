// error: 3:3: `memref.extract_strided_metadata` of `memref<?xf32>` gives memref<f32>, index, index, index, not memref<f32>, index, index
func.func @f(%m: memref<?xf32>) -> index {
  %base, %offset, %size = memref.extract_strided_metadata %m : memref<?xf32> -> memref<f32>, index, index
  func.return %size : index
}
