// `llvm.func` definitions, and the LLVM dialect's arithmetic, comparisons, casts, select
// and branches in any function (what a pass that lowered part of a program leaves): kiln
// reads each as its arith or cf counterpart, so one set of rules lowers both spellings.
// Both pipelines print the same; `kiln interp` and `kiln run` agree with them, and
// `kiln fmt` keeps the LLVM spelling, in a form mlir-opt-19 reads back.
// RUN: %kiln opt %s --convert-to-llvm | FileCheck %s --check-prefix=DIALECT
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln cpu-runner %s -e main --entry-point-result=i32 | FileCheck %s --check-prefix=OUT
// RUN: %mlir-opt %s %mlir-lower | %mlir-cpu-runner -e main --entry-point-result=i32 | FileCheck %s --check-prefix=MLIR
// RUN: %kiln interp %s --entry collatz 27 | FileCheck %s --check-prefix=COLLATZ
// RUN: %kiln interp %s --entry mix -- -17 3 | FileCheck %s --check-prefix=MIX
// RUN: %kiln run %s --entry mix -- -17 3 | FileCheck %s --check-prefix=MIX
// RUN: %kiln interp %s --entry poly 2.25 | FileCheck %s --check-prefix=POLY
// RUN: %kiln interp %s --entry bits 6.75 | FileCheck %s --check-prefix=BITS
// RUN: %kiln run %s --entry bits 6.75 | FileCheck %s --check-prefix=BITS
// RUN: %kiln fmt %s | FileCheck %s --check-prefix=FMT
// RUN: %kiln fmt %s | %mlir-opt | FileCheck %s --check-prefix=FMT

// DIALECT: llvm.func internal @collatz(%arg0: i32) -> i32 {
// DIALECT: llvm.switch
// DIALECT: llvm.func @mix(
// IR: define internal i32 @collatz(i32 %0)
// IR: switch i32
// IR: define i64 @mix(i32 %0, i32 %1)
// IR: sdiv i32
// IR: urem i32
// IR: define double @poly(double %0)
// IR: frem double
// IR: fcmp olt double
// OUT: 111 125 -0.7500 1049
// OUT-NEXT: 111
// mlir-cpu-runner prints its result before C's buffered output reaches the pipe.
// MLIR-DAG: {{^}}111 125 -0.7500 1049
// MLIR-DAG: {{^}}111{{$}}
// COLLATZ: {{^}}111{{$}}
// MIX: {{^}}125{{$}}
// POLY: {{^}}-0.75{{$}}
// BITS: {{^}}1049{{$}}
// FMT: llvm.func internal @collatz(%{{[a-z0-9]+}}: i32) -> i32 {
// FMT: llvm.icmp "eq"
// FMT: llvm.switch %{{[a-z0-9]+}} : i32, ^{{[a-z0-9]+}} [
// FMT: llvm.return
// FMT: llvm.select %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}} : i1, i64
// FMT: llvm.fadd %{{[a-z0-9]+}}, %{{[a-z0-9]+}} {fastmathFlags = #llvm.fastmath<contract>} : f64
// FMT: llvm.fcmp "_true"
module {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @fmt("%d %lld %.4f %d\0A\00") {addr_space = 0 : i32}

  // The steps of the Collatz sequence from %n to 1: LLVM's control flow throughout.
  llvm.func internal @collatz(%n: i32) -> i32 {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %one = arith.constant 1 : i32
    llvm.br ^loop(%n, %zero : i32, i32)
  ^loop(%x: i32, %steps: i32):
    %done = llvm.icmp "eq" %x, %one : i32
    llvm.cond_br %done, ^exit(%steps : i32), ^step
  ^step:
    %bit = llvm.and %x, %one : i32
    %next = llvm.add %steps, %one overflow<nsw> : i32
    llvm.switch %bit : i32, ^odd [
      0: ^even
    ]
  ^even:
    %half = llvm.lshr %x, %one : i32
    llvm.br ^loop(%half, %next : i32, i32)
  ^odd:
    %three = llvm.mlir.constant(3 : i32) : i32
    %t = llvm.mul %x, %three : i32
    %u = llvm.add %t, %one : i32
    llvm.br ^loop(%u, %next : i32, i32)
  ^exit(%r: i32):
    llvm.return %r : i32
  }

  // Integer arithmetic, shifts, casts and a select on values of every sign.
  llvm.func @mix(%a: i32, %b: i32) -> i64 {
    %q = llvm.sdiv %a, %b : i32
    %r = llvm.srem %a, %b : i32
    %uq = llvm.udiv %a, %b : i32
    %ur = llvm.urem %a, %b : i32
    %x = llvm.xor %q, %r : i32
    %o = llvm.or %x, %uq : i32
    %sh = llvm.shl %o, %b : i32
    %as = llvm.ashr %a, %b : i32
    %s = llvm.sub %sh, %as : i32
    %t8 = llvm.trunc %s : i32 to i8
    %z = llvm.zext %t8 : i8 to i64
    %e = llvm.sext %ur : i32 to i64
    %lt = llvm.icmp "ult" %a, %b : i32
    %sel = llvm.select %lt, %z, %e : i1, i64
    %sum = llvm.add %sel, %z : i64
    llvm.return %sum : i64
  }

  // Floating point in a `func.func`, in LLVM's spelling.
  func.func @poly(%x: f64) -> f64 {
    %c = arith.constant 1.5 : f64
    %m = llvm.fmul %x, %c : f64
    %a = llvm.fadd %m, %x {fastmathFlags = #llvm.fastmath<contract>} : f64
    %d = llvm.fdiv %a, %c : f64
    %s = llvm.fsub %d, %c : f64
    %r = llvm.frem %s, %c : f64
    %n = llvm.fneg %r : f64
    %f = llvm.fptrunc %n : f64 to f32
    %g = llvm.fpext %f : f32 to f64
    %lt = llvm.fcmp "olt" %g, %x : f64
    %t = llvm.fcmp "_true" %g, %x : f64
    %both = llvm.and %lt, %t : i1
    %v = llvm.select %both, %g, %x : i1, f64
    return %v : f64
  }

  llvm.func @bits(%x: f32) -> i32 {
    %i = llvm.bitcast %x : f32 to i32
    %k = llvm.fptosi %x : f32 to i32
    %u = llvm.fptoui %x : f32 to i32
    %w = llvm.sitofp %k : i32 to f64
    %v = llvm.uitofp %u : i32 to f64
    %y = llvm.fadd %w, %v : f64
    %yi = llvm.fptosi %y : f64 to i32
    %shift = llvm.mlir.constant(20 : i32) : i32
    %hi = llvm.lshr %i, %shift : i32
    %r = llvm.add %hi, %yi : i32
    llvm.return %r : i32
  }

  func.func @main() -> i32 {
    %n = arith.constant 27 : i32
    %steps = llvm.call @collatz(%n) : (i32) -> i32
    %a = arith.constant -17 : i32
    %b = arith.constant 3 : i32
    %m = llvm.call @mix(%a, %b) : (i32, i32) -> i64
    %x = arith.constant 2.25 : f64
    %p = func.call @poly(%x) : (f64) -> f64
    %h = arith.constant 6.75 : f32
    %bits = llvm.call @bits(%h) : (f32) -> i32
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %r = llvm.call @printf(%fmt, %steps, %m, %p, %bits) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i64, f64, i32) -> i32
    llvm.return %steps : i32
  }
}
