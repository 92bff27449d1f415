// error: 5:85: sip: malformed signature at byte 7: expected `!` after the length 3, found `_`
// error: 10:81: sip: malformed signature at byte 3: unknown tag `Q`: expected a structured value (`_`, `S` or `D`)
// A malformed sip signature is located at the byte where parsing stopped (thecf.cond_br `!` after
// the results' length is missing).
func.func @f(%x: i32) -> i32 attributes {abi = "sip", abiv = 1 : i32, sip = "I3!_0R3_0"} {
  func.return %x : i3=2
}

// An unknown tag.
func.func @g(%x: i32) -> i32 attributes {abi = "sip", abiv = 1 : i32, sip = "I3�Q0R3!_0"}return %x : i32
}
