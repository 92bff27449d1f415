func.func @checked(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sge, %x, %c0 : i32
  cf.assert %ok, "negative input"
  %y = arith.muli %x, %x : i32
  return %y : i32
}
