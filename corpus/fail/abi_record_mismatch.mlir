// error: 12:92: reflection: `r` describes 2 raw results (f32, i32), the function has 1 (f32)
// error: 12:92: reflection: a[0] (parameter 0): the record says i64, the raw type is `i32`
// error: 12:92: reflection: a[1] (parameter 1): dim 0 of the record's ndarray is 5, of the raw type `memref<4x?xf32>` 4
// error: 12:92: reflection: a[2] (parameter 2): the record says ndarray<f32, *>, the raw type is `memref<*xi8>`
// error: 19:67: reflection: a[1]: duplicate name `k`
// error: 19:67: reflection: a[1][2][2]: duplicate sdict key `s`
// error: 19:67: reflection: a[1][2][2][1]: `named` is only allowed in the root `a` and `r` lists
// error: 19:67: reflection: r[0]: unknown type `u8` (expected i<N>, f<N>, bf16, "unknown", null or a compound ["ndarray", ...])
// error: 19:67: reflection: r[1]: rank 2 needs 2 dims, got 1
// error: 19:67: reflection: v: unsupported reflection version 2 (kiln reads version 1)
// Every disagreement between a reflection record and the raw signature, all at once.
func.func @f(%x: i32, %m: memref<4x?xf32>, %u: memref<*xi8>) -> f32 attributes {iree.abi = "{\"a\": [\"i64\", [\"ndarray\", \"f32\", 2, 5, null], [\"ndarray\", \"f32\", null]], \"r\": [\"f32\", \"i32\"], \"v\": 1}"} {
  %z = arith.constant 0.0 : f32
  func.return %z : f32
}

// Malformed records: a duplicate name, a duplicate sdict key, `named` below the root, an
// unknown type, an ndarray whose dims disagree with its rank, an unsupported version.
func.func @g(%a: i32, %b: i32) attributes {iree.reflection = {d = "{\"a\": [[\"named\", \"k\", \"i32\"], [\"named\", \"k\", [\"sdict\", [\"s\", \"i32\"], [\"s\", [\"named\", \"t\", \"i32\"]]]]], \"r\": [\"u8\", [\"ndarray\", \"f32\", 2, 1]], \"v\": 2}"}} {
  func.return
}
