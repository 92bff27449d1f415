// Calls @spin_dynamic of corpus/stack_dynamic.mlir for 10^7 iterations under an 8 MiB
// stack (`// stack: 8192`); each iteration copies a returned unranked descriptor (40 bytes,
// a run-time size) to the stack, which without llvm.stacksave/stackrestore needs ~480 MB.
// stack: 8192
// mlir-overflows: MLIR 19 allocates the copy in every iteration and overflows this stack.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

int64_t spin_dynamic(float *allocated, float *aligned, int64_t offset, int64_t size,
                     int64_t stride, int64_t n);

int main(void) {
  float data[4] = {1, 2, 3, 4};
  int64_t n = 10000000;
  assert(spin_dynamic(data, data, 0, 4, 1, n) == 5 * n);
  printf("ok\n");
  return 0;
}
