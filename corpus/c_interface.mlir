// C interface wrappers: functions with llvm.emit_c_interface get an extra
// @_mlir_ciface_ entry point taking descriptors by pointer.
func.func @scale(%m: memref<?x?xf32>, %s: f32) -> f32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0, %c0] : memref<?x?xf32>
  %y = arith.mulf %x, %s : f32
  memref.store %y, %m[%c0, %c0] : memref<?x?xf32>
  func.return %y : f32
}

// Two results come back through an out-pointer in the C wrapper.
func.func @minmax(%a: i32, %b: i32) -> (i32, i32) attributes {llvm.emit_c_interface} {
  %lo = arith.minsi %a, %b : i32
  %hi = arith.maxsi %a, %b : i32
  func.return %lo, %hi : i32, i32
}

// An external function with the attribute is called through @_mlir_ciface_qux.
func.func private @qux(memref<?x?xf32>) attributes {llvm.emit_c_interface}

func.func @call_qux(%m: memref<?x?xf32>) {
  func.call @qux(%m) : (memref<?x?xf32>) -> ()
  func.return
}

// A memref result comes back through the out-pointer: 0, 1, ..., n-1 in fresh memory
// (the caller frees its allocated pointer).
func.func @iota(%n: index) -> memref<?xi64> attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc(%n) : memref<?xi64>
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = arith.index_cast %i : index to i64
  memref.store %v, %m[%i] : memref<?xi64>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2 : index)
^done:
  func.return %m : memref<?xi64>
}

// An unranked argument is a pointer to its {rank, descriptor pointer} pair.
func.func @rank_plus_dim0(%u: memref<*xf32>) -> index attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %r = memref.rank %u : memref<*xf32>
  %d = memref.dim %u, %c0 : memref<*xf32>
  %s = arith.addi %r, %d : index
  func.return %s : index
}

// A rank-0 memref and a strided one, both through descriptor pointers.
func.func @cell_plus(%c: memref<f64>, %m: memref<2x2xf64, strided<[?, ?], offset: ?>>) -> f64 attributes {llvm.emit_c_interface} {
  %c1 = arith.constant 1 : index
  %x = memref.load %c[] : memref<f64>
  %y = memref.load %m[%c1, %c1] : memref<2x2xf64, strided<[?, ?], offset: ?>>
  %z = arith.addf %x, %y : f64
  func.return %z : f64
}

// An external C-interface function with two memrefs and a memref result: each descriptor
// gets its own stack slot in @two's forwarding body, and the result comes back through one.
func.func private @two(memref<?xf32>, memref<?xi64>) -> memref<?xf32> attributes {llvm.emit_c_interface}

func.func @call_two(%a: memref<?xf32>, %b: memref<?xi64>) -> f32 {
  %r = func.call @two(%a, %b) : (memref<?xf32>, memref<?xi64>) -> memref<?xf32>
  %c0 = arith.constant 0 : index
  %x = memref.load %r[%c0] : memref<?xf32>
  func.return %x : f32
}


// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @scale f32[1,1]=3 2.5
// run: @minmax 7 3
// run: @minmax -1 1
// run: @iota 5
// run: @rank_plus_dim0 f32[7,2]=0,0,0,0,0,0,0,0,0,0,0,0,0,0
// run: @cell_plus f64[]=1.5 f64[2,2;strides=1,3;offset=1]=0,0,0,0,0,0,0,0,40
