module {
  func.func @assume_then_load(%m: memref<?xf32, strided<[1], offset: ?>>, %i: index) -> f32 {
    memref.assume_alignment %m, 4 : memref<?xf32, strided<[1], offset: ?>>
    %v = memref.load %m[%i] : memref<?xf32, strided<[1], offset: ?>>
    func.return %v : f32
  }
  func.func @misalignment(%m: memref<8xf32>) -> index {
    memref.assume_alignment %m, 4 : memref<8xf32>
    %p = memref.extract_aligned_pointer_as_index %m : memref<8xf32> -> index
    %c4 = arith.constant 4 : index
    %r = arith.remui %p, %c4 : index
    func.return %r : index
  }
  func.func @generic(%m: memref<4xf32>) -> index {
    memref.assume_alignment %m, 4 : memref<4xf32>
    %p = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index
    %c2 = arith.constant 2 : index
    %r = arith.remui %p, %c2 : index
    func.return %r : index
  }
}
