// error: 5:3: `cf.assert` needs an `i1` condition, not `i32`
// error: 9:3: generic `cf.assert` needs a `msg = "..."` attribute
// The condition of an assertion is an `i1`; its generic form names the message.
func.func @f(%x: i32) {
  cf.assert %x, "x"
  return
}
func.func @g(%b: i1) {
  "cf.assert"(%b) : (i1) -> ()
  return
}
