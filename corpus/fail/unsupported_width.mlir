// error: 2:18: unsupported integer width `i33`; kiln supports i1, i8, i16, i32, i64 and index
func.func @f(%a: i33) {
  func.return
}
