// cf.assert: the code after an assertion continues in a block of its own; a false condition
// prints the message and aborts (tests/lit/cf_assert.mlir runs that case).
func.func @clamp_index(%i: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %positive = arith.cmpi sgt, %n, %c0 : index
  cf.assert %positive, "the bound must be positive"
  %c1 = arith.constant 1 : index
  %below = arith.cmpi slt, %i, %n : index
  %last = arith.subi %n, %c1 : index
  %r = arith.select %below, %i, %last : index
  return %r : index
}

func.func @sum(%m: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = memref.dim %m, %c0 : memref<?xi32>
  cf.br ^loop(%c0, %zero : index, i32)
^loop(%i: index, %acc: i32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = memref.load %m[%i] : memref<?xi32>
  %nonneg = arith.cmpi sge, %v, %zero : i32
  cf.assert %nonneg, "elements are not negative\0A(checked in the loop)"
  %next_acc = arith.addi %acc, %v : i32
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next, %next_acc : index, i32)
^done:
  return %acc : i32
}

// run: @clamp_index 7 5
// run: @clamp_index 2 5
// run: @sum i32[4]=1,2,3,4
