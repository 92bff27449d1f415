// error: 8:3: `memref.view` views a 1-D `i8` buffer of the identity layout, not `memref<16xf32>`
// error: 9:3: `memref.view` to `memref<?xf32>` takes 1 size for its dynamic dimensions, not 0
// error: 10:3: `memref.reshape` of 12 elements to `memref<3x5xi32>`, which holds 15
// error: 11:3: the shape of `memref.reshape` to `memref<12xi32>` is a `memref<1xindex>` (or of integers), not `memref<2xindex>`
// memref.view views a 1-D byte buffer with one size per `?`; memref.reshape keeps the
// element count and takes a shape of the result's rank.
func.func @f(%f: memref<16xf32>, %b: memref<64xi8>, %s: memref<2xindex>, %m: memref<2x6xi32>, %i: index) {
  %a = memref.view %f[%i][] : memref<16xf32> to memref<4xf32>
  %c = memref.view %b[%i][] : memref<64xi8> to memref<?xf32>
  %d = memref.reshape %m(%s) : (memref<2x6xi32>, memref<2xindex>) -> memref<3x5xi32>
  %e = memref.reshape %m(%s) : (memref<2x6xi32>, memref<2xindex>) -> memref<12xi32>
  return
}
