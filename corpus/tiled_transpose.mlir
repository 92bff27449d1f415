// A transpose in tiles of 4 rows: the tile's end (`arith.minsi`) and the row's offset
// depend only on the outer loop, so elaboration places them in the inner loop's preheader,
// not in the inner loop it is written in.
// run: @transpose f32[5,5]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24 f32[5,5]=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
func.func @transpose(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  cf.br ^tiles(%c0 : index)
^tiles(%t: index):
  %more_tiles = arith.cmpi slt, %t, %n : index
  cf.cond_br %more_tiles, ^rows(%t : index), ^done
^rows(%i: index):
  %tile_end = arith.addi %t, %c4 : index
  %end = arith.minsi %tile_end, %n : index
  %more_rows = arith.cmpi slt, %i, %end : index
  cf.cond_br %more_rows, ^cols(%c0 : index), ^next_tile
^cols(%j: index):
  %more_cols = arith.cmpi slt, %j, %n : index
  cf.cond_br %more_cols, ^copy, ^next_row
^copy:
  %v = memref.load %a[%i, %j] : memref<?x?xf32>
  memref.store %v, %b[%j, %i] : memref<?x?xf32>
  %j1 = arith.addi %j, %c1 : index
  cf.br ^cols(%j1 : index)
^next_row:
  %i1 = arith.addi %i, %c1 : index
  cf.br ^rows(%i1 : index)
^next_tile:
  %t1 = arith.addi %t, %c4 : index
  cf.br ^tiles(%t1 : index)
^done:
  func.return
}
