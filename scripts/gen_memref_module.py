#!/usr/bin/env python3
"""Writes a memref-heavy module of N generated functions, the kind of code kiln's calling
conventions exist for (the memref benchmarks' module): each function takes two dynamic 2-d memrefs
and an index, reads their sizes with `memref.dim`, computes indices with `remui`, does three
`memref.load`s and two `memref.store`s with dynamic strides, branches in a diamond with
block arguments, does float arithmetic and returns two results (about 46 operations). Every
function calls the previous one, so calls pass memref descriptors too.

usage: gen_memref_module.py N > big.mlir
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
out = ["module {"]
for i in range(n):
    if i > 0:
        call = (f"    %cr:2 = func.call @h{i-1}(%a, %b, %k) : (memref<?x?xf32>, memref<?x?xf32>, index) -> (f32, index)\n"
                f"    %w = arith.addf %v, %cr#0 : f32\n"
                f"    %kk = arith.addi %cr#1, %k : index\n")
    else:
        call = ("    %w = arith.addf %v, %v : f32\n"
                "    %kk = arith.addi %k, %k : index\n")
    out.append(f"""  func.func @h{i}(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %k: index) -> (f32, index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c{i % 7 + 2} = arith.constant {i % 7 + 2} : index
    %m0 = memref.dim %a, %c0 : memref<?x?xf32>
    %m1 = memref.dim %a, %c1 : memref<?x?xf32>
    %n0 = memref.dim %b, %c0 : memref<?x?xf32>
    %n1 = memref.dim %b, %c1 : memref<?x?xf32>
    %i0 = arith.remui %k, %m0 : index
    %j0 = arith.remui %k, %m1 : index
    %k1 = arith.addi %k, %c{i % 7 + 2} : index
    %i1 = arith.remui %k1, %n0 : index
    %j1 = arith.remui %k1, %n1 : index
    %x = memref.load %a[%i0, %j0] : memref<?x?xf32>
    %y = memref.load %b[%i1, %j1] : memref<?x?xf32>
    %z = memref.load %a[%j0, %i0] : memref<?x?xf32>
    %p = arith.cmpf olt, %x, %y : f32
    cf.cond_br %p, ^lt(%x, %i0 : f32, index), ^ge(%y, %i1 : f32, index)
  ^lt(%lv: f32, %li: index):
    %l2 = arith.mulf %lv, %z : f32
    %l3 = arith.addi %li, %c1 : index
    cf.br ^join(%l2, %l3 : f32, index)
  ^ge(%gv: f32, %gi: index):
    %g2 = arith.subf %gv, %z : f32
    %g3 = arith.muli %gi, %c{i % 7 + 2} : index
    cf.br ^join(%g2, %g3 : f32, index)
  ^join(%v: f32, %r: index):
    memref.store %v, %a[%i0, %j0] : memref<?x?xf32>
    %s = arith.addf %v, %x : f32
    %q = arith.divf %s, %y : f32
    memref.store %q, %b[%i1, %j1] : memref<?x?xf32>
{call}    %t = arith.mulf %w, %q : f32
    %u = arith.addi %kk, %r : index
    func.return %t, %u : f32, index
  }}""")
out.append("}")
print("\n".join(out))
