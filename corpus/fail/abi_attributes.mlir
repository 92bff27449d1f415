// error: 9:58: unknown abi `tf` (kiln knows "sip")
// error: 13:51: `abi = "sip"` needs `abiv = 1`
// error: 17:74: unsupported `abiv`: the sip ABI has version 1 (`abiv = 1`)
// error: 21:47: `sip` belongs to the sip ABI: add `abi = "sip"`
// error: 25:96: a function has one reflection record: `iree.abi` or `iree.reflection`, not both
// error: 29:45: `iree.reflection` needs a `d` entry holding the record as a JSON string
// error: 33:64: the reflection record must be a string
// ABI attributes that do not fit together.
func.func @unknown_abi(%a: i32) -> i32 attributes {abi = "tf", abiv = 1 : i32} {
  func.return %a : i32
}

func.func @no_version(%a: i32) -> i32 attributes {abi = "sip", sip = "I8!S5!k0_0R3!_0"} {
  func.return %a : i32
}

func.func @wrong_version(%a: i32) -> i32 attributes {abi = "sip", abiv = 2 : i32, sip = "I8!S5!k0_0R3!_0"} {
  func.return %a : i32
}

func.func @no_abi(%a: i32) -> i32 attributes {sip = "I8!S5!k0_0R3!_0"} {
  func.return %a : i32
}

func.func @both(%a: i32) -> i32 attributes {iree.abi = "{\"a\": [\"i32\"], \"r\": [\"i32\"]}", iree.reflection = {d = "{}"}} {
  func.return %a : i32
}

func.func @no_d(%a: i32) -> i32 attributes {iree.reflection = {x = "{}"}} {
  func.return %a : i32
}

func.func @not_a_string(%a: i32) -> i32 attributes {iree.abi = 3} {
  func.return %a : i32
}
