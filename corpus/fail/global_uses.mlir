// error: 8:3: `memref.get_global` of `@missing`, which is not a `memref.global` of this module
// error: 9:3: `memref.get_global` of `@table` has type `memref<4xf32>`, but the global's type is `memref<3xf32>`
// error: 10:3: `memref.get_global` gives a memref of a static shape, not `memref<?xf32>`
// A `memref.get_global` names a global of the module, at the global's own type.
memref.global "private" constant @table : memref<3xf32> = dense<[1.0, 2.0, 3.0]>

func.func @f() {
  %a = memref.get_global @missing : memref<3xf32>
  %b = memref.get_global @table : memref<4xf32>
  %c = memref.get_global @table : memref<?xf32>
  return
}
