// The module the C++ example host opens: a kernel over a memref and a scalar function,
// both with a C interface (`_mlir_ciface_NAME`) the host calls after JIT compilation.

func.func @scale(%a: f32, %x: memref<?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = memref.load %x[%i] : memref<?xf32>
  %w = arith.mulf %v, %a : f32
  memref.store %w, %x[%i] : memref<?xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next : index)
^done:
  func.return
}

func.func @offset(%x: i64) -> i64 attributes {llvm.emit_c_interface} {
  %c = arith.constant 10 : i64
  %y = arith.addi %x, %c : i64
  func.return %y : i64
}

func.func @sum(%x: memref<?xf32>) -> f32 attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  cf.br ^loop(%c0, %zero : index, f32)
^loop(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = memref.load %x[%i] : memref<?xf32>
  %acc2 = arith.addf %acc, %v : f32
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next, %acc2 : index, f32)
^done:
  func.return %acc : f32
}
