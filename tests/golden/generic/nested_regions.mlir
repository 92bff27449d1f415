func.func @f(%a: i32) -> i32 {
  %0 = "t.a"(%a) ({
  ^bb0(%x: i32):
    %1 = "t.b"(%x) : (i32) -> i32
    "t.y"(%1) [^bb1] : (i32) -> ()
  ^bb1(%z: i32, %w: i32):
    "t.c"(%z) : (i32) -> ()
  }, {
    %2 = "t.d"() : () -> i32
  }) {t = 1} : (i32) -> i32
  %3:2 = "t.e"() : () -> (i32, i32)
  cf.br ^bb1(%3#0 : i32)
^bb1(%v: i32):
  %c = arith.constant 1 : i32
  %s = arith.addi %v, %c overflow<nsw> : i32
  return %s : i32
}
