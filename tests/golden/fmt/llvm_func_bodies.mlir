module {
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
    llvm.switch %bit : i32, ^odd [0: ^even]
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
    func.return %v : f64
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
    %m32 = llvm.trunc %m : i64 to i32
    %p32 = llvm.fptosi %p : f64 to i32
    %s1 = llvm.add %steps, %m32 : i32
    %s2 = llvm.add %s1, %p32 : i32
    %s3 = llvm.add %s2, %bits : i32
    llvm.return %s3 : i32
  }
}
