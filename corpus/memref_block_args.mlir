// Memrefs as block arguments: a loop that carries a view and a choice between two buffers.
// A ranked memref crosses a branch as its descriptor (a phi of the descriptor struct, as
// MLIR lowers it); an unranked one as its {rank, descriptor pointer} pair.

// The sum of the first n elements of whichever of %a and %b the flag picks.
func.func @pick_sum(%a: memref<?xf32>, %b: memref<?xf32>, %first: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  cf.cond_br %first, ^pick(%a : memref<?xf32>), ^pick(%b : memref<?xf32>)
^pick(%m: memref<?xf32>):
  cf.br ^loop(%c0, %zero, %m : index, f32, memref<?xf32>)
^loop(%i: index, %acc: f32, %v: memref<?xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done(%acc : f32)
^body:
  %x = memref.load %v[%i] : memref<?xf32>
  %acc2 = arith.addf %acc, %x : f32
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %acc2, %v : index, f32, memref<?xf32>)
^done(%r: f32):
  func.return %r : f32
}

// Stores 7 into element [1, 0] of a 2-d memref chosen by a switch, through an unranked
// block argument; returns the rank it saw.
func.func @store_through_unranked(%a: memref<2x2xi32>, %b: memref<2x2xi32>, %k: i32) -> index {
  %ua = memref.cast %a : memref<2x2xi32> to memref<*xi32>
  %ub = memref.cast %b : memref<2x2xi32> to memref<*xi32>
  cf.switch %k : i32, [
    default: ^use(%ua : memref<*xi32>),
    1: ^use(%ub : memref<*xi32>)
  ]
^use(%u: memref<*xi32>):
  %r = memref.rank %u : memref<*xi32>
  %m = memref.cast %u : memref<*xi32> to memref<2x2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7 : i32
  memref.store %seven, %m[%c1, %c0] : memref<2x2xi32>
  func.return %r : index
}

// run: @pick_sum f32[4]=1,2,3,4 f32[4]=10,20,30,40 true 3
// run: @pick_sum f32[4]=1,2,3,4 f32[4]=10,20,30,40 false 4
// run: @store_through_unranked i32[2,2]=0,0,0,0 i32[2,2]=0,0,0,0 1
// run: @store_through_unranked i32[2,2]=0,0,0,0 i32[2,2]=0,0,0,0 5
