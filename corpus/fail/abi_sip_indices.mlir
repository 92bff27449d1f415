// error: 6:86: sip: input raw index _0 appears more than once (again at [1])
// error: 6:86: sip: input raw index _1 is missing: each of the function's 2 inputs must appear once
// error: 6:86: sip: result raw index _0 is missing: each of the function's 1 result must appear once
// error: 6:86: sip: result raw index _4 at [] is out of range: the function has 1 result
// Every raw argument and result index must appear exactly once, in range.
func.func @f(%a: i32, %b: i32) -> i32 attributes {abi = "sip", abiv = 1 : i32, sip = "I12!S9!k0_0k1_0R3!_4"} {
  func.return %a : i32
}
