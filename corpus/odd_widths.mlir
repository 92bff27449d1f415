// Integers of widths other than 8, 16, 32 and 64 are LLVM's iN: arithmetic wraps at the
// width, casts extend and truncate from it, and memory holds each element in the bytes
// LLVM allocates for it (i3 one byte, i12 two, i24 four, i40 eight).

// run: @arith12 100 -3
// run: @arith12 2047 2047
// run: @arith12 -2048 3
func.func @arith12(%a: i12, %b: i12) -> (i12, i12, i12, i12, i12, i12, i12, i12) {
  %0 = arith.addi %a, %b : i12
  %1 = arith.subi %a, %b : i12
  %2 = arith.muli %a, %b : i12
  %3 = arith.divui %a, %b : i12
  %4 = arith.remsi %a, %b : i12
  %5 = arith.maxsi %a, %b : i12
  %6 = arith.minui %a, %b : i12
  %7 = arith.floordivsi %a, %b : i12
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : i12, i12, i12, i12, i12, i12, i12, i12
}

// run: @bits3 3 1
// run: @bits3 -4 2
// run: @bits3 -1 2
func.func @bits3(%a: i3, %s: i3) -> (i3, i3, i3, i3, i1, i1) {
  %0 = arith.shli %a, %s : i3
  %1 = arith.shrsi %a, %s : i3
  %2 = arith.shrui %a, %s : i3
  %3 = arith.xori %a, %s : i3
  %4 = arith.cmpi ult, %a, %s : i3
  %5 = arith.cmpi slt, %a, %s : i3
  func.return %0, %1, %2, %3, %4, %5 : i3, i3, i3, i3, i1, i1
}

// run: @casts 5 -1000 123456789
// run: @casts -4 2047 -549755813888
func.func @casts(%a: i3, %b: i12, %c: i40) -> (i12, i12, i24, i3, i40, index, f32, i24, i12) {
  %0 = arith.extsi %a : i3 to i12
  %1 = arith.extui %a : i3 to i12
  %2 = arith.extsi %b : i12 to i24
  %3 = arith.trunci %b : i12 to i3
  %4 = arith.extsi %b : i12 to i40
  %5 = arith.index_cast %c : i40 to index
  %6 = arith.sitofp %b : i12 to f32
  %7 = arith.trunci %c : i40 to i24
  %f = arith.constant -1234.75 : f32
  %8 = arith.fptosi %f : f32 to i12
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i12, i12, i24, i3, i40, index, f32, i24, i12
}

// run: @extended 4000 200
// run: @extended -5 -7
func.func @extended(%a: i12, %b: i12) -> (i12, i1, i12, i12, i12, i12) {
  %s, %o = arith.addui_extended %a, %b : i12, i1
  %l, %h = arith.mulsi_extended %a, %b : i12
  %ul, %uh = arith.mului_extended %a, %b : i12
  func.return %s, %o, %l, %h, %ul, %uh : i12, i1, i12, i12, i12, i12
}

// run: @extended40 549755813887 -3
// run: @extended40 -549755813888 -549755813888
func.func @extended40(%a: i40, %b: i40) -> (i40, i40, i40) {
  %l, %h = arith.mulsi_extended %a, %b : i40
  %ul, %uh = arith.mului_extended %a, %b : i40
  func.return %l, %h, %uh : i40, i40, i40
}

// Prefix sums of an i12 buffer into a fresh i24 buffer, copied back as i12 through a
// second buffer made with memref.copy.
// run: @prefix i12[5]=1,2,2047,-2048,100
func.func @prefix(%m: memref<5xi12>) -> (i24, i12) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %sums = memref.alloc() : memref<5xi24>
  %zero = arith.constant 0 : i24
  cf.br ^loop(%c0, %zero : index, i24)
^loop(%i: index, %acc: i24):
  %done = arith.cmpi eq, %i, %c5 : index
  cf.cond_br %done, ^exit, ^body
^body:
  %x = memref.load %m[%i] : memref<5xi12>
  %w = arith.extsi %x : i12 to i24
  %a = arith.addi %acc, %w : i24
  memref.store %a, %sums[%i] : memref<5xi24>
  %t = arith.trunci %a : i24 to i12
  memref.store %t, %m[%i] : memref<5xi12>
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next, %a : index, i24)
^exit:
  %copy = memref.alloca() : memref<5xi12>
  memref.copy %m, %copy : memref<5xi12> to memref<5xi12>
  %c4 = arith.constant 4 : index
  %last = memref.load %sums[%c4] : memref<5xi24>
  %c2 = arith.constant 2 : index
  %third = memref.load %copy[%c2] : memref<5xi12>
  memref.dealloc %sums : memref<5xi24>
  func.return %last, %third : i24, i12
}

// run: @wide i40[3]=549755813887,-1,7 1
func.func @wide(%m: memref<3xi40>, %i: index) -> i40 {
  %x = memref.load %m[%i] : memref<3xi40>
  %c = arith.constant 1099511627775 : i40
  %y = arith.addi %x, %c : i40
  memref.store %y, %m[%i] : memref<3xi40>
  func.return %y : i40
}

memref.global "private" constant @table : memref<4xi12> = dense<[1, -1, 2047, -2048]>

// run: @lookup 2
// run: @lookup 3
func.func @lookup(%i: index) -> i12 {
  %t = memref.get_global @table : memref<4xi12>
  %x = memref.load %t[%i] : memref<4xi12>
  func.return %x : i12
}
