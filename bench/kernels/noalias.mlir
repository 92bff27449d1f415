// Row sums accumulated in memory (`y[i] += a[i][j]` for every j), through bare pointers
// whose parameters carry `llvm.noalias`: with it LLVM keeps `y[i]` in a register across the
// inner loop and vectorizes the sum; without it every iteration stores and reloads, since
// a store to `y` might change `a`. `scripts/bench-noalias.sh` times kiln against MLIR 19's
// pipeline (`use-bare-ptr-memref-call-conv=1`) and clang's C with `restrict`
// (`bench/kernels/noalias.c`).
func.func @rowsum(%a: memref<512x1024xi32> {llvm.noalias}, %y: memref<512xi32> {llvm.noalias}) attributes {llvm.bareptr} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant 512 : index
  %cols = arith.constant 1024 : index
  cf.br ^outer(%c0 : index)
^outer(%i: index):
  %more = arith.cmpi slt, %i, %rows : index
  cf.cond_br %more, ^row, ^done
^row:
  cf.br ^inner(%c0 : index)
^inner(%j: index):
  %in = arith.cmpi slt, %j, %cols : index
  cf.cond_br %in, ^elem, ^next
^elem:
  %x = memref.load %a[%i, %j] : memref<512x1024xi32>
  %s = memref.load %y[%i] : memref<512xi32>
  %s2 = arith.addi %s, %x : i32
  memref.store %s2, %y[%i] : memref<512xi32>
  %j2 = arith.addi %j, %c1 : index
  cf.br ^inner(%j2 : index)
^next:
  %i2 = arith.addi %i, %c1 : index
  cf.br ^outer(%i2 : index)
^done:
  return
}
