// C calls the bare-pointer functions of corpus/bare_ptr.mlir with plain pointers (MLIR's
// `llvm.bareptr`: a memref<4x3xf32> is a `float *`, a result is the pointer it returns, and
// several results are one struct), and the default-convention @caller with descriptor fields.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

typedef struct { float *m; float v; } Pair;

float *fill(float *m, int64_t n, float x);
Pair pair(float *m, float *s);
float caller(float *allocated, float *aligned, int64_t offset, int64_t s0, int64_t s1,
             int64_t t0, int64_t t1, float *s_allocated, float *s_aligned, int64_t s_offset);

int main(void) {
  float m[12] = {0};
  float *r = fill(m, 2, 1.5f);
  assert(r == m);
  for (int i = 0; i < 12; i++)
    assert(m[i] == ((i == 6 || i == 8) ? 1.5f : 0.0f));

  float s = 2.0f;
  m[5] = 4.25f;
  Pair p = pair(m, &s);
  assert(p.m == &s && p.v == 4.25f && s == 6.25f);

  float n[12] = {0};
  n[5] = 4.25f;
  float t = 2.0f;
  float sum = caller(n, n, 0, 4, 3, 3, 1, &t, &t, 0);
  // @fill wrote 7.5 at [3,0] and [3,2]; @caller stored 1 at [1,1]; @pair read [1,2] = 4.25
  // and added it to the scalar (2 + 4.25), so the sum is 6.25 + 4.25.
  assert(n[9] == 7.5f && n[11] == 7.5f && n[4] == 1.0f);
  assert(t == 6.25f && sum == 10.5f);
  printf("ok\n");
  return 0;
}
