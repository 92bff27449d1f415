// Calling-convention memory in a loop (the stack discipline): every iteration casts a memref
// to unranked (a descriptor in stack memory) and calls an external C-interface function
// (whose forwarding body spills the descriptor again). A loop of 10^7 iterations must not
// grow the stack: kiln's descriptor slots are constant-size allocas in the entry block.
func.func private @observe(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @spin(%m: memref<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @observe(%u) : (memref<*xf32>) -> ()
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2 : index)
^done:
  func.return %i : index
}
