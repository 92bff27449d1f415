module {
  func.func @inc(%x: i32) -> i32 {
    %c = arith.constant 1 : i32
    %y = arith.addi %x, %c : i32
    func.return %y : i32
  }
  func.func @dbl(%x: i32) -> i32 {
    %y = arith.addi %x, %x : i32
    func.return %y : i32
  }
  func.func @pick(%b: i1) -> ((i32) -> i32) {
    %f = func.constant @inc : (i32) -> i32
    %g = func.constant @dbl : (i32) -> i32
    %h = arith.select %b, %f, %g : (i32) -> i32
    func.return %h : (i32) -> i32
  }
  func.func @repeat(%f: (i32) -> i32, %n: index, %x: i32) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^head(%c0, %x, %f : index, i32, (i32) -> i32)
  ^head(%i: index, %acc: i32, %k: (i32) -> i32):
    %done = arith.cmpi eq, %i, %n : index
    cf.cond_br %done, ^exit, ^body
  ^body:
    %a = func.call_indirect %k(%acc) : (i32) -> i32
    %i1 = arith.addi %i, %c1 : index
    cf.br ^head(%i1, %a, %k : index, i32, (i32) -> i32)
  ^exit:
    func.return %acc : i32
  }
  func.func @main(%b: i1, %x: i32) -> i32 {
    %f = func.call @pick(%b) : (i1) -> ((i32) -> i32)
    %n = arith.constant 3 : index
    %r = func.call @repeat(%f, %n, %x) : ((i32) -> i32, index, i32) -> i32
    func.return %r : i32
  }
  func.func @generic(%x: i32) -> i32 {
    %f = func.constant @dbl : (i32) -> i32
    %r = func.call_indirect %f(%x) : (i32) -> i32
    func.return %r : i32
  }
}
