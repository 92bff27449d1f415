// error: 2:18: unsupported integer width `i129`; kiln reads integers of 1 to 128 bits
func.func @f(%a: i129) {
  func.return
}
