// A dynamic stack slot in a loop (the stack discipline): every iteration receives an
// unranked memref from a call, and the caller copies its descriptor into a stack slot whose
// size (the rank) is known only at run time. The slot is bracketed by llvm.stacksave /
// llvm.stackrestore per iteration, so 10^7 iterations run under an 8 MiB stack; MLIR 19
// allocates a slot per iteration and overflows it.
func.func @erase(%m: memref<?xf32>) -> memref<*xf32> {
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.return %u : memref<*xf32>
}

func.func @spin_dynamic(%m: memref<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0, %c0 : index, index)
^loop(%i: index, %acc: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %u = func.call @erase(%m) : (memref<?xf32>) -> memref<*xf32>
  %r = memref.rank %u : memref<*xf32>
  %d = memref.dim %u, %c0 : memref<*xf32>
  %s = arith.addi %r, %d : index
  %acc2 = arith.addi %acc, %s : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %acc2 : index, index)
^done:
  func.return %acc : index
}
// run: @spin_dynamic f32[4]=1,2,3,4 3
