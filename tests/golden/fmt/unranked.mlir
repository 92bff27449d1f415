module {
  func.func private @print_memref_f32(memref<*xf32>)
  func.func @rank_of(%u: memref<*xf32>) -> index {
    %r = memref.rank %u : memref<*xf32>
    func.return %r : index
  }
  func.func @first(%m: memref<?xf32>) -> f32 {
    %u = memref.cast %m : memref<?xf32> to memref<*xf32>
    %r = func.call @rank_of(%u) : (memref<*xf32>) -> index
    %back = memref.cast %u : memref<*xf32> to memref<?xf32>
    %c0 = arith.constant 0 : index
    %x = memref.load %back[%c0] : memref<?xf32>
    func.return %x : f32
  }
  func.func @erase(%m: memref<4xf32>) -> memref<*xf32> {
    %u = memref.cast %m : memref<4xf32> to memref<*xf32>
    func.return %u : memref<*xf32>
  }
  func.func @dim0(%m: memref<4xf32>) -> index {
    %u = func.call @erase(%m) : (memref<4xf32>) -> memref<*xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %u, %c0 : memref<*xf32>
    func.return %d : index
  }
}
