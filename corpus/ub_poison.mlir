// ub.poison: LLVM's poison of the lowered type, as MLIR's convert-ub-to-llvm makes it. A
// poison value an operation does not choose leaves no trace; the generic form, with its
// properties, reads the same.
func.func @pick(%c: i1, %x: i32) -> i32 {
  %p = ub.poison : i32
  %r = arith.select %c, %x, %p : i32
  return %r : i32
}

func.func @first_or_poison(%m: memref<?xf64>, %i: index) -> f64 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xf64>
  %inside = arith.cmpi ult, %i, %n : index
  %p = "ub.poison"() <{value = #ub.poison}> : () -> f64
  cf.cond_br %inside, ^load, ^out
^load:
  %v = memref.load %m[%i] : memref<?xf64>
  return %v : f64
^out:
  return %p : f64
}

func.func @index_poison(%k: index) -> index {
  %p = ub.poison : index
  %t = arith.constant true
  %r = arith.select %t, %k, %p : index
  return %r : index
}

// run: @pick 1 7
// run: @first_or_poison f64[3]=1.5,2.5,3.5 1
// run: @index_poison 11

// A poison memref is a poison descriptor: a select may pass it over.
// run: @pick_memref true f32[4]=1,2,3,4 2
func.func @pick_memref(%c: i1, %m: memref<4xf32>, %i: index) -> f32 {
  %p = ub.poison : memref<4xf32>
  %v = arith.select %c, %m, %p : memref<4xf32>
  %x = memref.load %v[%i] : memref<4xf32>
  return %x : f32
}

// run: @pick_unranked true f32[2,2]=1,2,3,4
func.func @pick_unranked(%c: i1, %m: memref<*xf32>) -> index {
  %p = ub.poison : memref<*xf32>
  %v = arith.select %c, %m, %p : memref<*xf32>
  %r = memref.rank %v : memref<*xf32>
  return %r : index
}
