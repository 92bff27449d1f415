// error: 3:57: `llvm.linkage` of `@f` must be `#llvm.linkage<NAME>` with a function linkage
// error: 6:61: a declaration cannot have linkage `internal`; `@g` has no body
func.func @f(%x: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<sometimes>} {
  func.return %x : i32
}
func.func private @g(i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>}
