// Type and attribute aliases, as MLIR's printer and hand-written tests use them: each use
// reads as the value it names, and an alias may use the aliases defined before it.
!elem = f32
!vec = memref<?x!elem>
#tail = strided<[1], offset: ?>
!index_pair = index

func.func @sum(%m: !vec, %n: !index_pair) -> !elem {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : !elem
  cf.br ^loop(%c0, %zero : index, !elem)
^loop(%i: index, %acc: !elem):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = memref.load %m[%i] : !vec
  %next_acc = arith.addf %acc, %v : !elem
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next, %next_acc : index, !elem)
^done:
  return %acc : !elem
}

func.func @second(%m: memref<4xf32, #tail>) -> f32 {
  %c1 = arith.constant 1 : index
  %v = memref.load %m[%c1] : memref<4xf32, #tail>
  return %v : f32
}

// run: @sum f32[4]=1,2,3,4.5 4
