// error: 3:3: `memref<?x4xf32>` has 1 dynamic dimension but `memref.alloc` was given 0 sizes
func.func @f(%n: index) {
  %m = memref.alloc() : memref<?x4xf32>
  memref.dealloc %m : memref<?x4xf32>
  func.return
}
