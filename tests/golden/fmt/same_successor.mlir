module {
  func.func @pick(%c: i1, %a: i32, %b: i32) -> i32 {
    cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
  ^bb1(%x: i32):
    func.return %x : i32
  }
  func.func @classify(%k: i32) -> i32 {
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %zero = arith.constant 0 : i32
    cf.switch %k : i32, [default: ^out(%zero : i32), 10: ^out(%one : i32), 20: ^out(%two : i32)]
  ^out(%r: i32):
    func.return %r : i32
  }
}
