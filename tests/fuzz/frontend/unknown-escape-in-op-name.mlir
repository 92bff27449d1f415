func.func @f() {
  "use\{{{{{{{{{00"() : () -> ()
  func.return
}
