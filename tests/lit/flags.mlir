// LLVM's instruction flags: `overflow<nsw, nuw>` on integer arithmetic and `fastmath<...>` on
// float operations (`{fastmathFlags = #llvm.fastmath<...>}` in the LLVM dialect) reach the
// instructions as MLIR 19's pipeline gives them: the IR kiln emits, the LLVM dialect
// `kiln opt` prints and MLIR's own lowering carry the same flags. An operation's flags are
// promises: `kiln interp` reports a broken one (a sum that wraps under `nsw`, a NaN under
// `nnan`) as undefined behaviour. With `reassoc`, LLVM's -O2 vectorizes a float reduction.
// RUN: %kiln compile %s --emit llvm-ir -o - | FileCheck %s --check-prefix=IR
// RUN: %mlir-opt %mlir-lower %s | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln opt %s --convert-to-llvm | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln fmt %s | %mlir-opt | FileCheck %s --check-prefix=FMT
// RUN: %kiln run %s --entry flagged 3 4 1.5 2.5 | FileCheck %s --check-prefix=VALUES
// RUN: %kiln interp %s --entry flagged 3 4 1.5 2.5 | FileCheck %s --check-prefix=VALUES
// RUN: %kiln run %s --via-mlir --entry flagged 3 4 1.5 2.5 | FileCheck %s --check-prefix=VALUES
// RUN: not %kiln interp %s --entry flagged 2147483647 1 1.5 2.5 2>&1 | FileCheck %s --check-prefix=NSW
// RUN: not %kiln interp %s --entry flagged 3 4 nan 2.5 2>&1 | FileCheck %s --check-prefix=NNAN
// RUN: %kiln compile %s -O2 --emit llvm-ir -o - | FileCheck %s --check-prefix=VECTOR

// IR-LABEL: @flagged(
// IR: add nsw i32
// IR: mul nuw nsw i32
// IR: shl nuw i32
// IR: fadd nnan ninf float
// IR: fmul fast float
// IR: fneg nsz float
// IR: fcmp nnan olt float
// IR: call fast float @llvm.sqrt.f32(
// IR: call afn float @llvm.pow.f32(
// IR: fdiv reassoc float
// IR-LABEL: @llvm_spelling(
// IR-DAG: fadd contract float
// IR-DAG: sub nuw i32
// IR: call nnan float @llvm.fabs.f32(

// DIALECT: llvm.add %{{.*}}, %{{.*}} overflow<nsw> : i32
// DIALECT: llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// DIALECT: llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f32

// FMT: arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i32
// FMT: arith.mulf %{{.*}}, %{{.*}} fastmath<fast> : f32
// FMT: llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32

// VALUES: {{^}}97{{$}}
// VALUES: {{^}}1.5650848{{$}}
// NSW: arith.addi overflows with nsw
// NNAN: `arith.addf` meets a NaN under `nnan`
// VECTOR-LABEL: @sum(
// VECTOR: fadd reassoc <{{[0-9]+}} x float>

func.func @flagged(%x: i32, %y: i32, %a: f32, %b: f32) -> (i32, f32) {
  %s = arith.addi %x, %y overflow<nsw> : i32
  %p = arith.muli %s, %s overflow<nsw, nuw> : i32
  %c2 = arith.constant 1 : i32
  %q = arith.shli %p, %c2 overflow<nuw> : i32
  %r = arith.subi %q, %c2 : i32
  %f = arith.addf %a, %b fastmath<nnan, ninf> : f32
  %g = arith.mulf %f, %a fastmath<fast> : f32
  %n = arith.negf %g fastmath<nsz> : f32
  %lt = arith.cmpf olt, %n, %a fastmath<nnan> : f32
  %h = math.sqrt %g fastmath<fast> : f32
  %m = math.powf %h, %b fastmath<afn> : f32
  %d = arith.divf %m, %g fastmath<reassoc> : f32
  %o = arith.select %lt, %d, %n : f32
  return %r, %o : i32, f32
}

func.func @llvm_spelling(%x: i32, %a: f32) -> (i32, f32) {
  %f = llvm.fadd %a, %a {fastmathFlags = #llvm.fastmath<contract>} : f32
  %s = llvm.sub %x, %x overflow<nuw> : i32
  %m = llvm.intr.fabs(%f) {fastmathFlags = #llvm.fastmath<nnan>} : (f32) -> f32
  return %s, %m : i32, f32
}

// A dot product whose additions may be reassociated: LLVM's loop vectorizer sums in
// vector lanes.
func.func @sum(%v: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  cf.br ^head(%c0, %zero : index, f32)
^head(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %x = memref.load %v[%i] : memref<?xf32>
  %acc2 = arith.addf %acc, %x fastmath<reassoc> : f32
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %acc2 : index, f32)
^done:
  return %acc : f32
}
