// stage: lower
// error: 8:20: parameter 0 of `@dynamic` is `memref<?xf32>`, which a bare pointer cannot pass: its shape is not static
// error: 12:20: parameter 0 of `@strided` is `memref<4xf32, strided<[?], offset: 1>>`, which a bare pointer cannot pass: its strides or offset are not static
// error: 16:11: result 0 of `@unranked` is `memref<*xf32>`, which a bare pointer cannot pass: its rank is not known statically
// MLIR's bare-pointer convention (rules/bare_ptr.rules) describes a memref by its pointer
// alone, so only static shapes, strides and offsets; anything else is refused where
// the type is written (engine/src/conventions.rs).
func.func @dynamic(%m: memref<?xf32>) attributes {llvm.bareptr} {
  return
}

func.func @strided(%m: memref<4xf32, strided<[?], offset: 1>>) attributes {llvm.bareptr} {
  return
}

func.func @unranked(%m: memref<4xf32>) -> memref<*xf32> attributes {llvm.bareptr} {
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
