#!/usr/bin/env python3
"""Writes a module of N generated functions (loops, memref loads/stores, calls) for benchmarks.

usage: gen_module.py N > big.mlir
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
out = ["module {"]
for i in range(n):
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
