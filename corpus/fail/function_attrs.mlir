// error: 7:43: `nope` is not an LLVM function attribute kiln passes through without a value
// error: 7:51: a `passthrough` pair is two strings, `["key", "value"]`, of letters, digits and `_-.+,`
// error: 7:70: a `passthrough` entry is an attribute name or a `["key", "value"]` pair
// error: 10:28: `@g` is `optnone` but not `noinline`: MLIR and LLVM require both (add `no_inline`)
// error: 13:28: `target_cpu` on the function of `@h` would change the LLVM function MLIR emits, and kiln does not implement it
// error: 13:52: `no_inline` is a unit attribute
func.func @f() attributes {passthrough = ["nope", ["frame-pointer"], 3]} {
  return
}
func.func @g() attributes {optimize_none} {
  return
}
func.func @h() attributes {target_cpu = "skylake", no_inline = 1 : i32} {
  return
}
