// C calls kiln's `_mlir_ciface_` wrappers of corpus/c_interface.mlir with MLIR's descriptor
// structs, and provides the external `_mlir_ciface_qux` that kiln's body of `@qux` calls.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { float *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } MemRef2F32;
typedef struct { int64_t *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } MemRef1I64;
typedef struct { float *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } Ranked2F32;
typedef struct { int64_t rank; void *descriptor; } Unranked;
typedef struct { double *allocated, *aligned; int64_t offset; } MemRef0F64;
typedef struct { double *allocated, *aligned; int64_t offset, sizes[2], strides[2]; } MemRef2F64;
typedef struct { int32_t lo, hi; } MinMax;

float _mlir_ciface_scale(MemRef2F32 *m, float s);
void _mlir_ciface_minmax(MinMax *out, int32_t a, int32_t b);
void _mlir_ciface_iota(MemRef1I64 *out, int64_t n);
int64_t _mlir_ciface_rank_plus_dim0(Unranked *u);
double _mlir_ciface_cell_plus(MemRef0F64 *c, MemRef2F64 *m);
void call_qux(float *allocated, float *aligned, int64_t offset, int64_t s0, int64_t s1,
              int64_t t0, int64_t t1);

typedef struct { float *allocated, *aligned; int64_t offset, sizes[1], strides[1]; } MemRef1F32;
float call_two(float *a0, float *a1, int64_t a2, int64_t a3, int64_t a4, int64_t *b0, int64_t *b1,
               int64_t b2, int64_t b3, int64_t b4);

static float two_data[3] = {0.5f, 1.5f, 2.5f};

// Receives both descriptors (distinct) and returns a view of its own data from element 1.
void _mlir_ciface_two(MemRef1F32 *out, MemRef1F32 *a, MemRef1I64 *b) {
  assert((void *)a != (void *)b);
  assert(a->sizes[0] == 2 && a->aligned[1] == 8.0f);
  assert(b->sizes[0] == 3 && b->aligned[2] == 30);
  MemRef1F32 r = {two_data, two_data + 1, 0, {2}, {1}};
  *out = r;
}

static int qux_calls;
static MemRef2F32 qux_seen;

// A runtime may define the public symbol beside its `_mlir_ciface_` twin (MLIR's runtime
// defines both `printMemrefF32` and `_mlir_ciface_printMemrefF32`): kiln's body of an
// external declaration is private, as MLIR's is, so the two link and calls take the wrapper.
void qux(float *allocated, float *aligned, int64_t offset, int64_t s0, int64_t s1, int64_t t0,
         int64_t t1) {
  (void)allocated, (void)aligned, (void)offset, (void)s0, (void)s1, (void)t0, (void)t1;
  abort();
}

void _mlir_ciface_qux(MemRef2F32 *m) {
  qux_calls++;
  qux_seen = *m;
}

int main(void) {
  float data[6] = {2, 0, 0, 0, 0, 0};
  MemRef2F32 m = {data, data, 0, {2, 3}, {3, 1}};
  float y = _mlir_ciface_scale(&m, 2.5f);
  assert(y == 5.0f && data[0] == 5.0f);

  MinMax mm = {0, 0};
  _mlir_ciface_minmax(&mm, 7, -3);
  assert(mm.lo == -3 && mm.hi == 7);

  MemRef1I64 r;
  _mlir_ciface_iota(&r, 5);
  assert(r.allocated == r.aligned && r.offset == 0 && r.sizes[0] == 5 && r.strides[0] == 1);
  for (int i = 0; i < 5; i++) assert(r.aligned[i] == i);
  free(r.allocated);

  float cells[14] = {0};
  Ranked2F32 ranked = {cells, cells, 0, {7, 2}, {2, 1}};
  Unranked u = {2, &ranked};
  assert(_mlir_ciface_rank_plus_dim0(&u) == 9);

  double c = 1.5;
  MemRef0F64 cell = {&c, &c, 0};
  double buf[9] = {0, 0, 0, 0, 0, 0, 0, 0, 40};
  // A transposed view at offset 1: element [1][1] is buf[1 + 1*1 + 1*3] = buf[5].
  buf[5] = 40;
  MemRef2F64 view = {buf, buf, 1, {2, 2}, {1, 3}};
  assert(_mlir_ciface_cell_plus(&cell, &view) == 41.5);

  float fa[2] = {4.0f, 8.0f};
  int64_t ib[3] = {10, 20, 30};
  assert(call_two(fa, fa, 0, 2, 1, ib, ib, 0, 3, 1) == 1.5f);

  call_qux(data, data + 1, 1, 2, 3, 3, 1);
  assert(qux_calls == 1);
  assert(qux_seen.allocated == data && qux_seen.aligned == data + 1 && qux_seen.offset == 1);
  assert(qux_seen.sizes[0] == 2 && qux_seen.sizes[1] == 3);
  assert(qux_seen.strides[0] == 3 && qux_seen.strides[1] == 1);
  printf("ok\n");
  return 0;
}
