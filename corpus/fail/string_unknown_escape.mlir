// error: 5:7: unknown escape in a string literal (MLIR knows `\\`, `\"`, `\n`, `\t` and `\` with two hex digits)
// A backslash before anything else is refused where it is written, as MLIR refuses it, so that
// kiln never prints a string MLIR cannot read.
func.func @f() {
  "use\{"() : () -> ()
  "use\n\t\"\\\41"() : () -> ()
  func.return
}
