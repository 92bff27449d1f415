// error: 5:3: generic `"func.constant"` does not have the operands, results or successors of `func.constant`
// error: 6:3: generic `"func.call_indirect"` does not have the operands, results or successors of `func.call_indirect`
// error: 7:3: generic `func.constant` needs a `value = @name` attribute
func.func @g(%x: i32) {
  "func.constant"() {value = @g} : () -> ()
  "func.call_indirect"() : () -> ()
  %f = "func.constant"() : () -> ((i32) -> ())
  "func.return"() : () -> ()
}
