// corpus: legacy/result_packing.mlir
// mlir: MLIR 19 does not lower the generic ops "use_i32" and "use_i64"; kiln calls them as C functions.
// Result packing: @bar unpacks the struct @foo returns.
#include <assert.h>
#include <stdint.h>
#include <stdio.h>

void bar(void);

static int32_t a;
static int64_t b;

void use_i32(int32_t x) { a = x; }
void use_i64(int64_t x) { b = x; }

int main(void) {
  bar();
  assert(a == 42 && b == 17);
  printf("ok\n");
  return 0;
}
