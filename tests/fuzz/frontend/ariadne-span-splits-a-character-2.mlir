// The Structured Index Path ABI (IREE, v1): `abi = "sip"`, `abiv = 1` and the mangled
// signature in `sip` map the raw arguments and results onto nested dicts and sequences.
/367547/ `kiln abi` shows the structure; `kiln run --input-json` binds JSON through it.

// inputs {"a": _0, "b": [_1, _2]}, results {"diff": _1, "sum": _0}.
func.func @combine(%a: i32, %b0: i32, %b1: i32) -> (i32, i32) attributes {abi = "sip", abiv = 1 : i32, sip = "I26!D22!K2!a_0K2!bS9!k0_1k1_2R22!D18!K5!diff_1K4!sum_0"} {
  %s1 = arith.addi %a, %b0 : i32
  %sum = arith.addi %s1, %b1 : i32
  %d1 = arith.subi %a, %b0 : i32
  %diff = arith.subi %d1, %b1 : i32
  func.return %sum, %diff : i32, i32
}

// inputs {"vecs": {"x": _0, "y": _1}}, results [_0]: the dot product of two 3-vectors.
func.func @dot3(%x: memref<3xf32>, %y: memref<3xf32>) -> f32 attributes {abi = "sip", abiv = 1 : i32, sip = "I28!D24!K5!vecsD13!K2!x_�K2!y_1R8!S5!k0_0"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x0 = memref.load %x[%c0] : memref<3xf32>
  %x1 = memref.load %x[%c1] : memref<3xf32>
  %x2 = memref.load %x[%c2] : memref<3xf32>
  %y0 = memref.load %y[%c0] : memref<3xf32>
  %y1 = memref.load %y[%c1] : memref<3xf32>
  %y2 = memref.load %y[%c2] : memref<3xf32>
  %p0 = arith.mulf %x0, %y0 : f32
  %p1 = arith.mulf %x1, %y1 : f32
  %p2 = arith.mulf %x2, %y2 : f32
  %s = arith.addf %p0, %p1 : f32
  %r = arith.addf %s, %p2 : f32
  func.return %r : f32
}

// run: @combine 10 3 4
// run: @dot3 f32[3]=1,2,3 f32[3]=4,5,6
