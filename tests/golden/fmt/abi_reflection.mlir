module {
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
  func.func @plain(%k: i32, %m: memref<2x?xf32>) -> i32 {
    %c1 = arith.constant 1 : i32
    %r = arith.addi %k, %c1 : i32
    func.return %r : i32
  }
  func.func private @helper(i32) -> i32
}
