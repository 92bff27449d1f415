// C calls the `_mlir_ciface_` wrappers of corpus/unranked_results.mlir: several results come
// back through an out-pointer, and each unranked memref among them is its own heap copy of
// the descriptor (even when both results are the same memref), which the caller frees.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int64_t rank; void *descriptor; } Unranked;
typedef struct { float *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } MemRef2F32;
typedef struct { float *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } MemRef1F32;
typedef struct { Unranked a, b; } Two;
typedef struct { int32_t n; Unranked u; float x; } Mixed;

void _mlir_ciface_two(Two *out, MemRef2F32 *m);
void _mlir_ciface_mixed(Mixed *out, MemRef1F32 *v, int32_t n);
float caller(float *allocated, float *aligned, int64_t offset, int64_t s0, int64_t s1,
             int64_t t0, int64_t t1);

int main(void) {
  float data[12];
  for (int i = 0; i < 12; i++)
    data[i] = (float)i;
  MemRef2F32 m = {data, data, 0, {4, 3}, {3, 1}};
  Two r;
  _mlir_ciface_two(&r, &m);
  assert(r.a.rank == 2 && r.b.rank == 2);
  assert(r.a.descriptor != r.b.descriptor);
  MemRef2F32 *a = r.a.descriptor, *b = r.b.descriptor;
  assert(a->aligned == data && b->aligned == data);
  assert(a->sizes[0] == 4 && a->sizes[1] == 3 && a->strides[0] == 3 && b->strides[1] == 1);
  free(r.a.descriptor);
  free(r.b.descriptor);

  float v[2] = {1.5f, 2.5f};
  MemRef1F32 mv = {v, v, 0, {2}, {1}};
  Mixed x;
  _mlir_ciface_mixed(&x, &mv, 7);
  assert(x.n == 7 && x.x == 2.5f && x.u.rank == 1);
  MemRef1F32 *d = x.u.descriptor;
  assert(d->aligned == v && d->sizes[0] == 2);
  free(x.u.descriptor);

  assert(caller(data, data, 0, 4, 3, 3, 1) == 12.0f);
  printf("ok\n");
  return 0;
}
