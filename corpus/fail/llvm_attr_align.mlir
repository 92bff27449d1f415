// error: 4:46: `llvm.align` must be a power of two, not 12
// error: 4:99: `llvm.dereferenceable` must be an integer (`llvm.dereferenceable = 16 : i64`)
// An attribute's value is checked where it is written, as LLVM would refuse it.
func.func @f(%m: memref<4xf32> {llvm.align = 12 : i64}, %n: memref<4xf32> {llvm.dereferenceable = "16"}) attributes {llvm.bareptr} {
  return
}
