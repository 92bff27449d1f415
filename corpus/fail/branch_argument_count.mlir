// error: 3:9: branch passes 2 arguments to `^bb1`, which takes 1 argument
func.func @f(%a: i32) -> i32 {
  cf.br ^bb1(%a, %a : i32, i32)
^bb1(%x: i32):
  func.return %x : i32
}
