// error: 6:18: `!vec` is not a defined type alias (`!vec = ...` defines one)
// error: 7:39: `#layout` is not a defined attribute alias (`#layout = ...` defines one)
// error: 10:18: dialect types such as `!tpu.ptr` are not supported
// An alias must be defined before it is used; a dialect type is not an alias.
!row = memref<4xf32>
func.func @f(%a: !vec) {
  %b = memref.alloc() : memref<4xf32, #layout>
  return
}
func.func @g(%p: !tpu.ptr, %r: !row) {
  return
}
