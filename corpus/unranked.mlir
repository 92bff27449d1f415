// Unranked memrefs: memref<*xf32> is {rank, descriptor pointer}; a ranked to
// unranked cast stores the descriptor on the stack, the reverse cast loads it back.
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

// Returning an unranked memref copies its descriptor to the heap (the caller frees it).
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

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @rank_of f32[2,2]=5,6,7,8
// run: @first f32[3]=5,6,7
// run: @erase f32[4]=5,6,7,8
// run: @dim0 f32[4]=5,6,7,8
