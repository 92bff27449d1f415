#!/usr/bin/env python3
"""Writes a module of N generated functions for benchmarks: loops, memref loads/stores and
calls, or with --scalar only func/arith/cf (what the shipped rules lower today), or with
--chain one function that is a chain of N dependent multiplications (scaling within a
function), or with --blocks one function of N blocks, each adding to a block argument and
branching to the next.

usage: gen_module.py N [--scalar | --chain | --blocks] > big.mlir
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
scalar = "--scalar" in sys.argv
if "--chain" in sys.argv:
    body = [f"  %v{i} = arith.muli {'%a' if i == 0 else f'%v{i-1}'}, %a : i32" for i in range(n)]
    print("\n".join(["func.func @chain(%a: i32) -> i32 {", *body, f"  func.return %v{n-1} : i32", "}"]))
    sys.exit(0)
if "--blocks" in sys.argv:
    lines = ["func.func @blocks(%a: i32) -> i32 {", "  cf.br ^b0(%a : i32)"]
    for i in range(n):
        nxt = f"^b{i + 1}" if i + 1 < n else "^done"
        lines += [f"^b{i}(%x{i}: i32):", f"  %y{i} = arith.addi %x{i}, %a : i32", f"  cf.br {nxt}(%y{i} : i32)"]
    lines += ["^done(%r: i32):", "  func.return %r : i32", "}"]
    print("\n".join(lines))
    sys.exit(0)
out = ["module {"]
for i in range(n if scalar else 0):
    call = f"    %r = func.call @g{i-1}(%a, %n) : (i32, index) -> i32\n" if i > 0 else "    %r = arith.addi %a, %a : i32\n"
    out.append(f"""  func.func @g{i}(%a: i32, %n: index) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    cf.br ^loop(%c0, %z : index, i32)
  ^loop(%i: index, %acc: i32):
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    %ii = arith.index_cast %i : index to i32
    %p = arith.muli %ii, %a : i32
    %q = arith.addi %acc, %p : i32
    %s = arith.maxsi %q, %z : i32
    %d = arith.ceildivsi %s, %a : i32
    %acc2 = arith.select %more, %d, %q : i32
    %i2 = arith.addi %i, %c1 : index
    cf.br ^loop(%i2, %acc2 : index, i32)
  ^exit:
{call}    %t = arith.xori %acc, %r : i32
    func.return %t : i32
  }}""")
for i in range(0 if scalar else n):
    call = ""
    if i > 0:
        call = f"    %c = func.call @f{i-1}(%m, %k) : (memref<?x?xf32>, i32) -> f32\n    %t2 = arith.addf %t, %c : f32\n"
    else:
        call = "    %t2 = arith.addf %t, %t : f32\n"
    out.append(f"""  func.func @f{i}(%m: memref<?x?xf32>, %k: i32) -> f32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %n = memref.dim %m, %c0 : memref<?x?xf32>
    cf.br ^loop(%c0, %z : index, f32)
  ^loop(%i: index, %acc: f32):
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    %x = memref.load %m[%i, %c0] : memref<?x?xf32>
    %kk = arith.sitofp %k : i32 to f32
    %y = arith.mulf %x, %kk : f32
    memref.store %y, %m[%i, %c1] : memref<?x?xf32>
    %acc2 = arith.addf %acc, %y : f32
    %i2 = arith.addi %i, %c1 : index
    cf.br ^loop(%i2, %acc2 : index, f32)
  ^exit:
    %t = arith.mulf %acc, %acc : f32
{call}    func.return %t2 : f32
  }}""")
out.append("}")
print("\n".join(out))
