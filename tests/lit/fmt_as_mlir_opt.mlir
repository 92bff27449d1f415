// `kiln fmt --as-mlir-opt` prints a file as mlir-opt-19 prints it, in custom and in generic
// form, unregistered operations with regions included; structural errors are located.
// RUN: %kiln fmt --as-mlir-opt %s > %t.kiln
// RUN: %mlir-opt --allow-unregistered-dialect %s > %t.mlir
// RUN: diff %t.mlir %t.kiln
// RUN: %kiln fmt --as-mlir-opt --generic %s > %t.kiln.generic
// RUN: %mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.mlir.generic
// RUN: diff %t.mlir.generic %t.kiln.generic
// RUN: not %kiln fmt --as-mlir-opt --color never %S/Inputs/bad_return.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: [verify.structure] Error: {{.*}}bad_return.mlir:3:3: 'func.return' op has 1 operands, but enclosing function (@f) returns 0

#map = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
func.func @scale(%m: memref<?xf32, #map>, %n: index, %k: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %x = memref.load %m[%i] : memref<?xf32, #map>
  %y = "my.scaled"(%x, %k) ({
  ^bb0(%a: f32):
    "my.yield"(%a) : (f32) -> ()
  }) {mode = "fast"} : (f32, f32) -> f32
  memref.store %y, %m[%i] : memref<?xf32, #map>
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next : index)
^done:
  return
}
