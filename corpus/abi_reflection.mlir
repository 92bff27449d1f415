// IREE's V1 reflection ABI: records given by `iree.abi` or `iree.reflection`, or
// derived from the signature. `kiln abi` prints them, objects carry them in
// `__kiln_abi_<name>` symbols, and `kiln run --input-json` binds JSON through them.

// scale(x: ndarray<f32, 2x3>, opts: {alpha: f32, n: i64}) -> f32:
// (x[0][0] + x[1][2]) * alpha + n. The sdict's slots are raw parameters in sorted-key order.
func.func @scale(%x: memref<2x3xf32>, %alpha: f32, %n: i64) -> f32 attributes {iree.abi = "{\"a\": [[\"named\", \"x\", [\"ndarray\", \"f32\", 2, 2, 3]], [\"named\", \"opts\", [\"sdict\", [\"n\", \"i64\"], [\"alpha\", \"f32\"]]]], \"r\": [\"f32\"], \"v\": 1}"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.load %x[%c0, %c0] : memref<2x3xf32>
  %b = memref.load %x[%c1, %c2] : memref<2x3xf32>
  %s = arith.addf %a, %b : f32
  %m = arith.mulf %s, %alpha : f32
  %nf = arith.sitofp %n : i64 to f32
  %r = arith.addf %m, %nf : f32
  func.return %r : f32
}

// pair(p: (i32, i32), ys: [i64, ndarray<i32, ?>]) -> {prod: i32, sum: i32}:
// prod = p0 * p1, sum = p0 + p1 + ys[0] + ys[1][0]. Given as `iree.reflection = {d = ...}`.
func.func @pair(%p0: i32, %p1: i32, %y: i64, %v: memref<?xi32>) -> (i32, i32) attributes {iree.reflection = {d = "{\"a\": [[\"named\", \"p\", [\"stuple\", \"i32\", \"i32\"]], [\"named\", \"ys\", [\"slist\", \"i64\", [\"ndarray\", \"i32\", 1, null]]]], \"r\": [[\"sdict\", [\"sum\", \"i32\"], [\"prod\", \"i32\"]]], \"v\": 1}"}} {
  %c0 = arith.constant 0 : index
  %prod = arith.muli %p0, %p1 : i32
  %yt = arith.trunci %y : i64 to i32
  %v0 = memref.load %v[%c0] : memref<?xi32>
  %s1 = arith.addi %p0, %p1 : i32
  %s2 = arith.addi %s1, %yt : i32
  %sum = arith.addi %s2, %v0 : i32
  func.return %prod, %sum : i32, i32
}

// total(xs: list<f64>) -> f64: the sum of a Python list of any length (a 1-d memref).
func.func @total(%xs: memref<?xf64>) -> f64 attributes {iree.abi = "{\"a\": [[\"named\", \"xs\", [\"py_homogeneous_list\", \"f64\"]]], \"r\": [[\"named\", \"total\", \"f64\"]], \"v\": 1}"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %n = memref.dim %xs, %c0 : memref<?xf64>
  cf.br ^loop(%c0, %zero : index, f64)
^loop(%i: index, %acc: f64):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %v = memref.load %xs[%i] : memref<?xf64>
  %acc2 = arith.addf %acc, %v : f64
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %acc2 : index, f64)
^exit:
  func.return %acc : f64
}

// No attribute: the record is derived, plain(i32, ndarray<f32, 2x?>) -> i32.
func.func @plain(%k: i32, %m: memref<2x?xf32>) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %k, %c1 : i32
  func.return %r : i32
}

// Private functions are not exported and carry no symbol.
func.func private @helper(i32) -> i32

// run: @scale f32[2,3]=1,2,3,4,5,6 0.5 10
// run: @pair 3 4 5 i32[2]=6,7
// run: @total f64[3]=1.5,2.5,3
// run: @plain 41 f32[2,1]=0,0
