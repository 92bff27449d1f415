// error: 3:9: reference to undefined block `^nowhere`
func.func @f() {
  cf.br ^nowhere
}
