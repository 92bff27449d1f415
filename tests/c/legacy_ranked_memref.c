// corpus: legacy/ranked_memref.mlir
// mlir: MLIR 19 does not lower the generic ops "use" and "get"; kiln calls them as C functions.
// Memref descriptor expansion: "get" returns a descriptor by value, @foo receives it as
// five arguments and passes them on to "use".
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } MemRef1F32;

void bar(void);

static float data[8];
static int used;

MemRef1F32 get(void) {
  MemRef1F32 m = {data, data + 2, 2, {6}, {1}};
  return m;
}

void use(float *allocated, float *aligned, int64_t offset, int64_t size, int64_t stride) {
  assert(allocated == data && aligned == data + 2 && offset == 2 && size == 6 && stride == 1);
  used++;
}

int main(void) {
  bar();
  assert(used == 1);
  printf("ok\n");
  return 0;
}
