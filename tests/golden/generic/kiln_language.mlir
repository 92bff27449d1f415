// The custom forms of the rest of kiln's language: memref's globals, views and atomics,
// math, index, ub, func.constant, the extended arith operations and cf.switch.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> {alignment = 64 : i64}
memref.global @counter : memref<i32> = dense<0>
memref.global "private" @ext : memref<2xf32>
memref.global @un : memref<2xf32> = uninitialized
func.func private @callee(i32) -> i32
func.func @f(%flag: i32, %m: memref<?xf32>, %n: index, %x: f32, %i: i32, %buf: memref<2048xi8>, %s: memref<1xindex>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = memref.rank %m : memref<?xf32>
  %g = memref.get_global @table : memref<4xf32>
  %sum, %ovf = arith.addui_extended %i, %i : i32, i1
  %lo, %hi = arith.mulsi_extended %i, %i : i32
  %fc = func.constant @callee : (i32) -> i32
  %p = ub.poison : i32
  %a = math.absf %x fastmath<fast> : f32
  %pw = math.fpowi %x, %i : f32, i32
  %fm = math.fma %x, %x, %x : f32
  %ia = index.add %n, %n
  %ic = index.cmp slt(%n, %n)
  %ik = index.constant 42
  %ib = index.bool.constant true
  %is = index.casts %i : i32 to index
  %sz = index.sizeof
  memref.assume_alignment %m, 16 : memref<?xf32>
  %old = memref.atomic_rmw addf %x, %m[%c0] : (f32, memref<?xf32>) -> f32
  %v = memref.view %buf[%c0][%n] : memref<2048xi8> to memref<?x4xf32>
  %t = memref.transpose %v (d0, d1) -> (d1, d0) : memref<?x4xf32> to memref<4x?xf32, strided<[1, 4]>>
  %re = memref.realloc %m(%n) : memref<?xf32> to memref<?xf32>
  %base, %off, %size, %stride = memref.extract_strided_metadata %m : memref<?xf32> -> memref<f32>, index, index, index
  %ptr = memref.extract_aligned_pointer_as_index %m : memref<?xf32> -> index
  %e = memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %cs = memref.collapse_shape %e [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %sv = memref.subview %e[%c0, 1] [2, %n] [1, 1] : memref<?x4xf32> to memref<2x?xf32, strided<[4, 1], offset: ?>>
  %rc = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32>
  %rs = memref.reshape %m(%s) : (memref<?xf32>, memref<1xindex>) -> memref<?xf32>
  %h = memref.alloca_scope -> (f32) {
    memref.alloca_scope.return %x : f32
  }
  memref.alloca_scope {
    %q = memref.alloca() : memref<4xf32>
  }
  %ga = memref.generic_atomic_rmw %m[%c0] : memref<?xf32> {
  ^bb0(%cur: f32):
    %nv = arith.addf %cur, %x : f32
    memref.atomic_yield %nv : f32
  }
  cf.switch %flag : i32, [
    default: ^bb1(%x : f32),
    0: ^bb2,
    7: ^bb1(%h : f32)
  ]
^bb1(%y: f32):
  return %y : f32
^bb2:
  cf.switch %flag : i32, [
    default: ^bb1(%x : f32)
  ]
}
