// error: 18:26: `arith.addf` takes no `overflow<...>` flags (`arith.addi`, `subi`, `muli` and `shli` and their LLVM-dialect spellings take them)
// error: 19:26: `arith.addi` takes no `fastmath<...>` flags (the float operations of `arith` and `math` take them)
// error: 20:34: `bogus` is not a flag of `overflow<...>`: MLIR takes none, nsw, nuw
// error: 21:27: `arith.divsi` takes no `overflow<...>` flags (`arith.addi`, `subi`, `muli` and `shli` and their LLVM-dialect spellings take them)
// error: 22:34: `quick` is not a flag of `fastmath<...>`: MLIR takes none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
// error: 23:21: `math.absi` takes no `fastmath<...>` flags (the float operations of `arith` and `math` take them)
// error: 24:25: `llvm.fadd` takes no `fastmath<...>` flags (the LLVM dialect writes them as `{fastmathFlags = #llvm.fastmath<...>}` on its float operations)
// error: 25:42: `slow` is not a flag of `#llvm.fastmath<...>`: MLIR takes none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
// error: 26:42: the `fastmathFlags` of `llvm.fsub` is a `#llvm.fastmath<...>`, not `1 : i32`
// error: 27:31: `arith.cmpi` takes no `overflow<...>` flags (`arith.addi`, `subi`, `muli` and `shli` and their LLVM-dialect spellings take them)
// error: 31:3: `wrap` is not a flag of `#arith.overflow<...>`: MLIR takes none, nsw, nuw
// error: 32:3: the `fastmath` of `arith.addf` is a `#arith.fastmath<...>`, not `#llvm.fastmath<fast>`
// error: 33:3: kiln reads `"llvm.intr.cttz"` with `is_zero_poison = false`, as `convert-math-to-llvm` writes it (MLIR requires the property; `true` makes the result poison there)
// error: 34:3: kiln reads `"llvm.intr.abs"` with `is_int_min_poison = false`, as `convert-math-to-llvm` writes it (MLIR requires the property; `true` makes the result poison there)
// LLVM flags where MLIR 19 refuses them: a family on an operation that does not take it, a
// word outside the family, the keyword form in the LLVM dialect, a malformed fastmathFlags.
func.func @f(%a: f32, %b: f32, %x: i32, %d: f64) -> i32 {
  %0 = arith.addf %a, %b overflow<nsw> : f32
  %1 = arith.addi %x, %x fastmath<fast> : i32
  %2 = arith.muli %x, %x overflow<nsw, bogus> : i32
  %3 = arith.divsi %x, %x overflow<nsw> : i32
  %4 = arith.mulf %a, %b fastmath<fast, quick> : f32
  %5 = math.absi %x fastmath<fast> : i32
  %6 = llvm.fadd %a, %b fastmath<fast> : f32
  %7 = llvm.fmul %a, %b {fastmathFlags = #llvm.fastmath<nnan, slow>} : f32
  %8 = llvm.fsub %a, %b {fastmathFlags = 1 : i32} : f32
  %9 = arith.cmpi slt, %x, %x overflow<nsw> : i32
  return %x : i32
}
func.func @generic(%a: f32, %x: i32) -> i32 {
  %0 = "arith.addi"(%x, %x) <{overflowFlags = #arith.overflow<wrap>}> : (i32, i32) -> i32
  %1 = "arith.addf"(%a, %a) <{fastmath = #llvm.fastmath<fast>}> : (f32, f32) -> f32
  %2 = "llvm.intr.cttz"(%x) <{is_zero_poison = true}> : (i32) -> i32
  %3 = "llvm.intr.abs"(%x) : (i32) -> i32
  return %x : i32
}
