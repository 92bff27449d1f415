// Calls @spin of corpus/stack_loop.mlir for 10^7 iterations; the test runs it under a
// 1 MiB stack limit (`ulimit -s 1024`), which a descriptor slot allocated per iteration
// would overflow (10^7 * 40 bytes).
// mlir-overflows: MLIR 19 allocates the descriptor inside the loop and overflows this stack.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } MemRef1F32;
typedef struct { int64_t rank; MemRef1F32 *descriptor; } Unranked;

int64_t spin(float *allocated, float *aligned, int64_t offset, int64_t size, int64_t stride,
             int64_t n);

static int64_t seen;

void _mlir_ciface_observe(Unranked *u) {
  if (u->rank == 1 && u->descriptor->sizes[0] == 4 && u->descriptor->aligned[3] == 7.0f) seen++;
}

int main(void) {
  float data[4] = {0, 0, 0, 7};
  int64_t n = 10000000;
  assert(spin(data, data, 0, 4, 1, n) == n);
  assert(seen == n);
  printf("ok\n");
  return 0;
}
