// error: 10:13: a declaration's linkage is `external`, not `internal`; `@g` has no body
// error: 11:27: `llvm.signext` on parameter 0 of `@h` needs an integer in LLVM, and `!llvm.ptr` does not become one
// error: 12:29: `@n` has `internal` linkage but no value
// error: 13:41: a string of 3 bytes initializes `!llvm.array<3 x i8>`, not `!llvm.array<4 x i8>`
// error: 14:31: an array global (`!llvm.array<2 x i32>`) is initialized by a string or `dense<...> : tensor<...>`; a number initializes a global of scalar type
// error: 15:20: `weak` on an `llvm.mlir.global` is not supported (kiln reads the linkages `external`, `internal` and `private`, and `constant`)
// error: 16:37: 2 elements where the global's type has 3
// error: 17:42: kiln defines globals of at most 2^28 elements
module {
  llvm.func internal @g(i32) -> i32
  llvm.func @h(!llvm.ptr {llvm.signext})
  llvm.mlir.global internal @n() : i32
  llvm.mlir.global internal constant @s("abc") : !llvm.array<4 x i8>
  llvm.mlir.global private @a(3 : i32) : !llvm.array<2 x i32>
  llvm.mlir.global weak @w(1 : i32) : i32
  llvm.mlir.global private @d(dense<[1, 2]> : tensor<3xi32>) : !llvm.array<3 x i32>
  llvm.mlir.global internal @huge("x") : !llvm.array<18446744073709551615 x i8>
}
