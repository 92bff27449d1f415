// Index linearization in the legacy syntax: a load from a rank-4 memref whose two inner sizes are
// static (strides 32, 8 and 1 are constants; the outer stride is dynamic).
func @load4(%m: memref<?x?x4x8xf32>, %1: index, %2: index, %3: index, %4: index) -> f32 {
  %0 = load %m[%1, %2, %3, %4] : memref<?x?x4x8xf32>
  return %0 : f32
}

func @store4(%m: memref<?x?x4x8xf32>, %v: f32, %1: index, %2: index, %3: index, %4: index) {
  store %v, %m[%1, %2, %3, %4] : memref<?x?x4x8xf32>
  return
}

// Calls checked by tests/execution.rs (kiln run, and MLIR 19 through kiln run --via-mlir):
// run: @load4 f32[2,2,4,8]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127 1 1 3 7
// run: @store4 f32[1,1,4,8]=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 2.5 0 0 1 1
