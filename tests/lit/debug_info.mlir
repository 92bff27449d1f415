// Line tables (`kiln compile -g`) as MLIR 19 makes them with
// `--ensure-debug-info-scope-on-llvm-func` and `mlir-translate`: every instruction at the
// line and column of the operation it comes from (where the operation's name is written),
// or where its `loc(...)` says, through aliases and names. The two line tables are compared
// place by place (Inputs/line_table.py), then the details MLIR leaves out are checked.
//
// RUN: %kiln compile -g %s --emit llvm-ir -o %t.kiln.ll
// RUN: python3 %S/Inputs/line_table.py %t.kiln.ll > %t.kiln.txt
// RUN: %mlir-opt %s %mlir-lower --ensure-debug-info-scope-on-llvm-func --mlir-print-debuginfo | %mlir-translate --mlir-to-llvmir -o %t.mlir.ll
// RUN: python3 %S/Inputs/line_table.py %t.mlir.ll > %t.mlir.txt
// RUN: diff %t.kiln.txt %t.mlir.txt
// RUN: FileCheck %s --input-file %t.kiln.ll
// RUN: FileCheck %s --input-file %t.kiln.txt --check-prefix=TABLE
// RUN: FileCheck %s --input-file %t.kiln.txt --check-prefix=MIX
//
// An object carries the table as DWARF, at -O2 too (its lines are a subset of the source's).
// RUN: %kiln compile -g -O2 %s -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o | FileCheck %s --check-prefix=DWARF
// RUN: %kiln compile -g %s -o %t0.o
// RUN: llvm-dwarfdump --debug-line %t0.o | FileCheck %s --check-prefix=DWARF0
// RUN: not %kiln compile -g %s --emit mlir-llvm 2>&1 | FileCheck %s --check-prefix=USAGE

#src = loc("kernel.c":17:9)
#named = loc("accumulate"(#src))

// CHECK: define i64 @clamp(i64 %0, i64 %1) !dbg [[CLAMP:![0-9]+]]
// CHECK-NEXT: bb0:
// CHECK-NEXT: icmp slt i64 %0, %1, !dbg [[CMP:![0-9]+]]
func.func private @clamp(%x: i64, %hi: i64) -> i64 {
  %lt = arith.cmpi slt, %x, %hi : i64
  %r = arith.select %lt, %x, %hi : i64
  return %r : i64
}

// TABLE: sum 17:9
// TABLE: sum [[@LINE+7]]:11
func.func @sum(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  cf.br ^loop(%c0, %zero : index, f32)
^loop(%i: index, %acc: f32):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %v = memref.load %m[%i] : memref<?xf32>
  %next = arith.addf %acc, %v : f32 loc(#named)
  %i1 = arith.addi %i, %c1 : index
  cf.br ^loop(%i1, %next : index, f32)
^exit:
  return %acc : f32
}

// The division's `loc(unknown)` is line 0, LLVM's "no line" (MLIR gives it no location).
// CHECK: define i64 @scale(i64 %0, i64 %1) !dbg [[SCALE:![0-9]+]]
// CHECK: sdiv i64 %{{[0-9]+}}, %0, !dbg [[UNKNOWN:![0-9]+]]
func.func @scale(%a: i64, %b: i64) -> i64 {
  %p = arith.muli %a, %b : i64 loc("elsewhere.c":40:7)
  %c = func.call @clamp(%p, %b) : (i64, i64) -> i64
  %q = arith.divsi %c, %a : i64 loc(unknown)
  return %q : i64
} loc("src/kernel.py":55:1)

// Call sites, fused and unknown parts, as MLIR 19 translates them (the caller's place;
// the common line of the known parts, files not compared); a fused location of the
// function itself puts its subprogram at line 1 of the source file.
// MIX: mix 5:1
// MIX: mix 6:1
// MIX: mix 7:0
// MIX: mix 8:3
func.func @mix(%a: i64, %b: i64) -> i64 {
  %p = arith.muli %a, %b : i64 loc(callsite("callee.c":4:1 at "caller.c":8:3))
  %q = arith.addi %p, %a : i64 loc(fused["a.c":5:1, unknown])
  %r = arith.subi %q, %b : i64 loc(fused["a.c":6:1, "b.c":6:1])
  %s = arith.xori %r, %b : i64 loc(fused["a.c":7:1, "a.c":7:9])
  return %s : i64
} loc(fused["fn.c":20:1, "x.c":3:1])

// CHECK: !llvm.dbg.cu = !{[[CU:![0-9]+]]}
// CHECK: !llvm.module.flags = !{[[FLAG:![0-9]+]]}
// CHECK-DAG: [[FILE:![0-9]+]] = !DIFile(filename: "debug_info.mlir", directory: "{{.*}}tests{{/|\\\\}}lit")
// CHECK-DAG: distinct !DISubprogram(name: "mix", linkageName: "mix", scope: [[FILE]], file: [[FILE]], line: 1,
// CHECK-DAG: [[CU]] = distinct !DICompileUnit(language: DW_LANG_C, file: [[FILE]], producer: "kiln", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly
// CHECK-DAG: [[FLAG]] = !{i32 2, !"Debug Info Version", i32 3}
// CHECK-DAG: [[CLAMP]] = distinct !DISubprogram(name: "clamp", linkageName: "clamp", scope: [[FILE]], file: [[FILE]], line: 29,
// CHECK-DAG: [[CMP]] = !DILocation(line: 30, column: 9, scope: [[CLAMP]])
// The function's own `loc(...)` puts its subprogram in the file and at the line it names.
// CHECK-DAG: [[KERNEL:![0-9]+]] = !DIFile(filename: "kernel.py", directory: "src")
// CHECK-DAG: [[SCALE]] = distinct !DISubprogram(name: "scale", linkageName: "scale", scope: [[KERNEL]], file: [[KERNEL]], line: 55,
// CHECK-DAG: [[UNKNOWN]] = !DILocation(line: 0, scope: [[SCALE]])

// DWARF: name: "debug_info.mlir"
// DWARF: Address Line Column File
// DWARF: {{^0x[0-9a-f]+}} 31 8 1
// DWARF: {{^0x[0-9a-f]+}} 17 9 1
// DWARF0: {{^0x[0-9a-f]+}} 30 9 1
// DWARF0: {{^0x[0-9a-f]+}} 17 9 1
// USAGE: `-g` gives LLVM IR, assembly and objects line tables; `--emit mlir-llvm` carries none
