// memref.assume_alignment and memref.extract_aligned_pointer_as_index, as MLIR's
// finalize-memref-to-llvm lowers them: an `llvm.assume` that the element pointer at the
// offset has its low bits clear, and the aligned pointer's address.
func.func @assume_then_load(%m: memref<?xf32, strided<[1], offset: ?>>, %i: index) -> f32 {
  memref.assume_alignment %m, 4 : memref<?xf32, strided<[1], offset: ?>>
  %v = memref.load %m[%i] : memref<?xf32, strided<[1], offset: ?>>
  return %v : f32
}

func.func @misalignment(%m: memref<8xf32>) -> index {
  memref.assume_alignment %m, 4 : memref<8xf32>
  %p = memref.extract_aligned_pointer_as_index %m : memref<8xf32> -> index
  %c4 = arith.constant 4 : index
  %r = arith.remui %p, %c4 : index
  return %r : index
}

func.func @generic(%m: memref<4xf32>) -> index {
  "memref.assume_alignment"(%m) <{alignment = 4 : i32}> : (memref<4xf32>) -> ()
  %p = "memref.extract_aligned_pointer_as_index"(%m) : (memref<4xf32>) -> index
  %c2 = arith.constant 2 : index
  %r = arith.remui %p, %c2 : index
  return %r : index
}

// run: @assume_then_load f32[3]=1.5,2.5,3.5 2
// run: @misalignment f32[8]=0,0,0,0,0,0,0,0
// run: @generic f32[4]=0,0,0,0
