// Float reductions whose additions may be reassociated (`fastmath<fast>`, as a frontend
// compiling `-ffast-math` code writes them): LLVM's loop vectorizer sums them in vector
// lanes only when the flags reach its instructions. `scripts/bench-fastmath.sh` times each
// against MLIR 19's pipeline and clang's C (`bench/kernels/reductions.c`).

// The dot product of two vectors.
func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  cf.br ^head(%c0, %zero : index, f32)
^head(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %x = memref.load %a[%i] : memref<?xf32>
  %y = memref.load %b[%i] : memref<?xf32>
  %p = arith.mulf %x, %y fastmath<fast> : f32
  %acc2 = arith.addf %acc, %p fastmath<fast> : f32
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %acc2 : index, f32)
^done:
  return %acc : f32
}

// The sum of squares of a row-major matrix's rows, a two-level reduction.
func.func @sumsq(%m: memref<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf64>
  %cols = memref.dim %m, %c1 : memref<?x?xf64>
  %zero = arith.constant 0.0 : f64
  cf.br ^outer(%c0, %zero : index, f64)
^outer(%i: index, %acc: f64):
  %more = arith.cmpi slt, %i, %rows : index
  cf.cond_br %more, ^row, ^done
^row:
  cf.br ^inner(%c0, %acc : index, f64)
^inner(%j: index, %s: f64):
  %in = arith.cmpi slt, %j, %cols : index
  cf.cond_br %in, ^elem, ^next
^elem:
  %x = memref.load %m[%i, %j] : memref<?x?xf64>
  %sq = arith.mulf %x, %x fastmath<fast> : f64
  %s2 = arith.addf %s, %sq fastmath<fast> : f64
  %j2 = arith.addi %j, %c1 : index
  cf.br ^inner(%j2, %s2 : index, f64)
^next:
  %i2 = arith.addi %i, %c1 : index
  cf.br ^outer(%i2, %s : index, f64)
^done:
  return %acc : f64
}
