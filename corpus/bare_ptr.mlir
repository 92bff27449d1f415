// The bare-pointer convention (rules/bare_ptr.rules): @fill and @pair take and return bare
// pointers (`llvm.bareptr`); @caller, a default-convention function, calls them by passing
// the aligned pointer and rebuilding the returned descriptor. tests/c/bare_ptr.c calls
// them from C.
// run: @fill f32[4,3]=0,0,0,0,0,0,0,0,0,0,0,0 2 1.5
// run: @pair f32[4,3]=0,0,0,0,0,4.25,0,0,0,0,0,0 f32[]=2
// run: @caller f32[4,3]=0,0,0,0,0,4.25,0,0,0,0,0,0 f32[]=2
// run: @strided_sum f32[2;strides=3;offset=1]=0,1,2,3,4,5
func.func @fill(%m: memref<4x3xf32>, %n: index, %x: f32) -> memref<4x3xf32> attributes { llvm.bareptr } {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  memref.store %x, %m[%n, %c0] : memref<4x3xf32>
  memref.store %x, %m[%n, %c2] : memref<4x3xf32>
  return %m : memref<4x3xf32>
}

func.func @pair(%m: memref<4x3xf32>, %s: memref<f32>) -> (memref<f32>, f32) attributes { llvm.bareptr } {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = memref.load %m[%c1, %c2] : memref<4x3xf32>
  %w = memref.load %s[] : memref<f32>
  %t = arith.addf %v, %w : f32
  memref.store %t, %s[] : memref<f32>
  return %s, %v : memref<f32>, f32
}

func.func @caller(%m: memref<4x3xf32>, %s: memref<f32>) -> f32 {
  %c3 = arith.constant 3 : index
  %x = arith.constant 7.5 : f32
  %r = call @fill(%m, %c3, %x) : (memref<4x3xf32>, index, f32) -> memref<4x3xf32>
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %r[%c1, %c1] : memref<4x3xf32>
  %p:2 = call @pair(%r, %s) : (memref<4x3xf32>, memref<f32>) -> (memref<f32>, f32)
  %z = memref.load %p#0[] : memref<f32>
  %sum = arith.addf %z, %p#1 : f32
  return %sum : f32
}

// A static strided layout is rebuilt from the type (offset 1, stride 3), as in MLIR 19.
func.func @strided_sum(%m: memref<2xf32, strided<[3], offset: 1>>) -> f32 attributes { llvm.bareptr } {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %m[%c0] : memref<2xf32, strided<[3], offset: 1>>
  %b = memref.load %m[%c1] : memref<2xf32, strided<[3], offset: 1>>
  %s = arith.addf %a, %b : f32
  return %s : f32
}
