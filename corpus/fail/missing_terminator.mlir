// error: 3:3: the entry block does not end with a terminator (`func.return`, `cf.br`, `cf.cond_br` or `cf.switch`)
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
}
