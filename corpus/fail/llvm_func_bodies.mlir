// error: 20:22: `hidden` before an `llvm.func`'s name: kiln reads one linkage there (external, private, internal, linkonce, linkonce_odr, weak, weak_odr, available_externally)
// error: 23:26: `index` is not an LLVM type: an `llvm.func` takes and returns scalars, `!llvm.ptr` and LLVM structs and arrays (a `func.func` takes `index`)
// error: 27:32: kiln defines `llvm.func`s with fixed parameters; `@variadic` is variadic
// error: 31:5: `func.return` ends a `func.func`; an `llvm.func`'s blocks end with `llvm.return`
// error: 34:19: `llvm.add` takes LLVM types (scalars other than `index`, `!llvm.ptr`, structs and arrays), not `index`
// error: 38:20: unknown predicate `true` for `llvm.fcmp`; expected one of _false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, _true
// error: 39:20: unknown predicate `lt` for `llvm.icmp`; expected one of eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge
// error: 43:35: type `i8` does not match the type `i1` of `%c`
// error: 47:5: `llvm.br` takes LLVM types (scalars other than `index`, `!llvm.ptr`, structs and arrays), not `memref<4xf32>`
// error: 52:5: `llvm.intr.sqrt` takes 1 operand and gives one result
// error: 56:5: `llvm.intr.sqrt` needs a floating-point operand, but `%i` has type `i32`
// error: 57:5: `llvm.intr.smax` needs an integer or index operand, but `%a` has type `f64`
// error: 64:5: `func.call` of `@callee`, an `llvm.func`: it is called with `llvm.call` (`func.call` names a `func.func`, as in MLIR)
// error: 68:5: `func.constant` of `@callee`, an `llvm.func`: its address is taken with `llvm.mlir.addressof`
// llvm.func definitions and LLVM-dialect operations in function bodies: MLIR 19's rules
// (LLVM types only, llvm.return in an llvm.func, an llvm.func is not named by func.call
// or func.constant) and kiln's limits (one linkage word, fixed parameters); intrinsics of
// the wrong arity or types.
module {
  llvm.func internal hidden @two_words(%a: i32) -> i32 {
    llvm.return %a : i32
  }
  llvm.func @indexed(%a: index) -> i32 {
    %c = llvm.mlir.constant(1 : i32) : i32
    llvm.return %c : i32
  }
  llvm.func @variadic(%a: i32, ...) {
    llvm.return
  }
  llvm.func @func_return(%a: i32) -> i32 {
    func.return %a : i32
  }
  func.func @index_add(%a: index) -> index {
    %x = llvm.add %a, %a : index
    return %x : index
  }
  func.func @predicates(%a: f32, %b: i32) -> i1 {
    %x = llvm.fcmp "true" %a, %a : f32
    %y = llvm.icmp "lt" %b, %b : i32
    return %x : i1
  }
  func.func @select_type(%c: i1, %a: i32) -> i32 {
    %x = llvm.select %c, %a, %a : i8, i32
    return %x : i32
  }
  func.func @memref_arg(%m: memref<4xf32>) -> memref<4xf32> {
    llvm.br ^bb1(%m : memref<4xf32>)
  ^bb1(%n: memref<4xf32>):
    return %n : memref<4xf32>
  }
  func.func @intrinsic_arity(%a: f64) -> f64 {
    %x = llvm.intr.sqrt(%a, %a) : (f64, f64) -> f64
    return %a : f64
  }
  func.func @intrinsic_types(%a: f64, %i: i32) -> f64 {
    %y = llvm.intr.sqrt(%i) : (i32) -> i32
    %z = llvm.intr.smax(%a, %a) : (f64, f64) -> f64
    return %a : f64
  }
  llvm.func @callee(%a: i32) -> i32 {
    llvm.return %a : i32
  }
  func.func @func_call_of_llvm(%a: i32) -> i32 {
    %x = func.call @callee(%a) : (i32) -> i32
    return %x : i32
  }
  func.func @func_constant_of_llvm() -> ((i32) -> i32) {
    %f = func.constant @callee : (i32) -> i32
    return %f : (i32) -> i32
  }
}
