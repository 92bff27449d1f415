// error: 2:18: unsupported integer width `i65`; kiln reads integers of 1 to 64 bits
func.func @f(%a: i65) {
  func.return
}
