// corpus: legacy/repeated_successor.mlir
// mlir: MLIR 19 does not lower the generic op "use"; kiln calls it as a C function.
// Repeated successor removal: both edges reach ^bb1 with different arguments.
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

void f(bool c, int32_t a, int32_t b);

static int32_t last;

void use(int32_t x) { last = x; }

int main(void) {
  f(true, 10, 20);
  assert(last == 10);
  f(false, 10, 20);
  assert(last == 20);
  printf("ok\n");
  return 0;
}
