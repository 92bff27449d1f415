// Memref descriptor expansion, 1-d: a memref<?xf32> argument expands to
// (allocated, aligned, offset, size, stride). @sum adds the elements with a cf loop.
func.func @sum(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %m, %c0 : memref<?xf32>
  cf.br ^loop(%c0, %zero : index, f32)
^loop(%i: index, %acc: f32):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^body
^body:
  %x = memref.load %m[%i] : memref<?xf32>
  %acc2 = arith.addf %acc, %x : f32
  %i2 = arith.addi %i, %c1 : index
  cf.br ^loop(%i2, %acc2 : index, f32)
^exit:
  func.return %acc : f32
}

// A caller passes its descriptor on, unpacked into five arguments.
func.func @sum_twice(%m: memref<?xf32>) -> f32 {
  %a = func.call @sum(%m) : (memref<?xf32>) -> f32
  %b = arith.addf %a, %a : f32
  func.return %b : f32
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @sum f32[4]=1,2,3,4.5
// run: @sum f32[0]=
// run: @sum_twice f32[3]=0.5,0.25,1
