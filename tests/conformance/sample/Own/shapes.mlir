// A file written for kiln in the shape of MLIR's conversion tests, so that
// tests/conformance.rs exercises scripts/conformance.py on a clean checkout: RUN lines
// choose the configurations, FileCheck lines are dropped, `// -----` splits, a transform
// script is left out, and functions outside kiln's language are counted with the reason.
// RUN: mlir-opt -convert-func-to-llvm='use-bare-ptr-memref-call-conv=1' %s | FileCheck %s
// RUN: mlir-opt -llvm-request-c-wrappers -convert-func-to-llvm %s | FileCheck %s

// CHECK-LABEL: llvm.func @add
func.func @add(%a: i32, %b: i32) -> i32 {
  // CHECK: llvm.add
  %s = arith.addi %a, %b : i32
  return %s : i32
}

// -----

func.func @pick(%c: i1, %x: f64, %y: f64) -> f64 {
  cf.cond_br %c, ^bb1(%x : f64), ^bb1(%y : f64)
^bb1(%r: f64):
  return %r : f64
}

func.func @twice(%x: f64) -> f64 {
  %t = arith.constant 1 : i1
  %r = call @pick(%t, %x, %x) : (i1, f64, f64) -> f64
  %s = arith.addf %r, %x : f64
  return %s : f64
}

// -----

func.func @fill(%m: memref<4xf32>, %v: f32) attributes {llvm.bareptr} {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}

func.func @dynamic(%m: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  return %d : index
}

func.func @unranked(%m: memref<*xf32>) -> (memref<*xf32>, memref<*xf32>) {
  return %m, %m : memref<*xf32>, memref<*xf32>
}

// -----

func.func @vector(%v: vector<4xf32>) -> vector<4xf32> {
  return %v : vector<4xf32>
}

func.func @aliased(%p: memref<4xf32> {llvm.noalias}) {
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}
