/* The kernel of noalias.mlir in C (with `restrict`, what `llvm.noalias` says) and the
 * timing driver, which calls it through bare pointers whichever compiler made it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef KERNELS_IN_C
void rowsum(const int32_t *restrict a, int32_t *restrict y) {
    for (int64_t i = 0; i < 512; i++)
        for (int64_t j = 0; j < 1024; j++) y[i] += a[i * 1024 + j];
}
#else
void rowsum(const int32_t *a, int32_t *y);
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
    int32_t *a = malloc(512 * 1024 * sizeof *a), *y = calloc(512, sizeof *y);
    for (int64_t i = 0; i < 512 * 1024; i++) a[i] = (int32_t)(i % 13) - 6;
    /* The best of 7 runs of 20 calls. */
    double best = 1e9;
    for (int r = 0; r < 7; r++) {
        double t0 = now();
        for (int k = 0; k < 20; k++) rowsum(a, y);
        double t = now() - t0;
        if (t < best) best = t;
    }
    long long check = 0;
    for (int i = 0; i < 512; i++) check += y[i];
    printf("rowsum %.3f ms\ncheck %lld\n", best / 20 * 1e3, check);
    return 0;
}
