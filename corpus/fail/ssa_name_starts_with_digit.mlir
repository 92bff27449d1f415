// error: 6:45: invalid symbol name `@1g`: a symbol name starts with a letter or `_` and continues with letters, digits, `_`, `$` and `.`
// error: 8:3: invalid value name `%0x`: a name that starts with a digit is all digits (`%0`, `^12`); others start with a letter or one of `$._-`
// error: 9:9: invalid block name `^1bb`: a name that starts with a digit is all digits (`%0`, `^12`); others start with a letter or one of `$._-`
// MLIR's identifier grammar: mlir-opt-19 refuses these names too. Each is one error where
// it is written, and the token is kept, so no parse error follows from it.
func.func private @g(i32) attributes {sym = @1g}
func.func @f(%a: i32) -> i32 {
  %0x = arith.addi %a, %a : i32
  cf.br ^1bb
^bb1:
  func.return %a : i32
}
