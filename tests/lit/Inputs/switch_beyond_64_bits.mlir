func.func @s(%a: i128) {
  cf.switch %a : i128, [
    default: ^bb1,
    18446744073709551616: ^bb1
  ]
^bb1:
  return
}
