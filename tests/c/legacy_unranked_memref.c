// corpus: legacy/unranked_memref.mlir
// mlir: MLIR 19 does not lower the generic ops "use" and "get"; kiln calls them as C functions.
// Unranked memrefs: "get" returns {rank, descriptor} with the descriptor on the
// heap; the caller copies it to its stack, frees the heap copy and passes the stack copy on.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } MemRef2F32;
typedef struct { int64_t rank; void *descriptor; } Unranked;

void bar(void);

static float data[6];
static void *heap;
static int used;

Unranked get(void) {
  MemRef2F32 m = {data, data, 0, {2, 3}, {3, 1}};
  heap = malloc(sizeof m);
  memcpy(heap, &m, sizeof m);
  Unranked u = {2, heap};
  return u;
}

void use(int64_t rank, MemRef2F32 *d) {
  assert(rank == 2 && (void *)d != heap);
  assert(d->aligned == data && d->sizes[0] == 2 && d->sizes[1] == 3 && d->strides[0] == 3);
  used++;
}

int main(void) {
  bar();
  assert(used == 1);
  printf("ok\n");
  return 0;
}
