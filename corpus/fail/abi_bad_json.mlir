// error: 4:72: reflection: the reflection is not valid JSON: expected `,` or `}`
// A JSON syntax error inside a reflection string is located at the byte where it goes
// wrong (a comma is missing before "r").
func.func @f(%x: i32) -> i32 attributes {iree.abi = "{\"a\": [\"i32\"] \"r\": [\"i32\"]}"} {
  func.return %x : i32
}
