// error: 12:46: 2 elements where the global's type has 3
// error: 13:26: a global's type must have a static shape, found `memref<?xf32>`
// error: 14:66: integer literal `300` does not fit in `i8`
// error: 15:63: 5 bytes where 2 elements of `i16` take 4
// error: 16:50: unexpected `zeros` as a global's initial value; expected `dense<...>` or `uninitialized`
// error: 17:79: a global's alignment must be a power of two, found `48`
// error: 18:15: unknown visibility `"secret"`; expected `"private"`, `"public"` or `"nested"`
// error: 19:15: redefinition of symbol `@f`
// error: 23:23: kiln defines globals of at most 2^28 elements; this one has 10000000000
// A global has a static shape, contents that fit it, a known visibility, a power-of-two
// alignment, a name no function or other global has, and a bounded size when defined.
memref.global @short : memref<3xf32> = dense<[1.0, 2.0]>
memref.global @dynamic : memref<?xf32> = uninitialized
memref.global "private" constant @big : memref<2xi8> = dense<[1, 300]>
memref.global "private" constant @hex : memref<2xi16> = dense<"0x0102030405">
memref.global "private" @zeros : memref<4xi32> = zeros
memref.global "private" @aligned : memref<4xi32> = uninitialized {alignment = 48}
memref.global "secret" @hidden : memref<4xi32> = uninitialized
memref.global @f : memref<i32> = dense<0>
func.func @f() {
  return
}
memref.global @huge : memref<100000x100000xf32> = dense<0.0>
