// error: 11:5: `@printf` is variadic: its call states `vararg(!llvm.func<i32 (ptr, ...)>)`
// error: 12:26: argument 0 of `@puts` has type `!llvm.ptr`, not `i32`
// error: 13:5: `llvm.call` of `@f`, which is not an `llvm.func` of this module (a `func.func` is called with `func.call`)
// error: 14:5: `llvm.mlir.addressof` of `@nothing`, which is not an `llvm.mlir.global` or `llvm.func` of this module
module {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.mlir.global internal constant @s("hi\00") {addr_space = 0 : i32}
  func.func @f(%x: i32) {
    %p = llvm.mlir.addressof @s : !llvm.ptr
    %0 = llvm.call @printf(%p, %x) : (!llvm.ptr, i32) -> i32
    %1 = llvm.call @puts(%x) : (i32) -> i32
    llvm.call @f(%x) : (i32) -> ()
    %q = llvm.mlir.addressof @nothing : !llvm.ptr
    return
  }
}
