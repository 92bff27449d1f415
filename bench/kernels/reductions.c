/* The kernels of reductions.mlir in C, compiled by clang with -ffast-math, and the timing
 * driver: each kernel is called through MLIR's expanded memref convention (allocated and
 * aligned pointers, offset, sizes, strides), whichever compiler made it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef KERNELS_IN_C
float dot(float *a0, float *a, int64_t ao, int64_t n, int64_t as, float *b0, float *b,
          int64_t bo, int64_t bn, int64_t bs) {
    (void)a0; (void)as; (void)b0; (void)bn; (void)bs;
    float acc = 0.0f;
    for (int64_t i = 0; i < n; i++) acc += a[ao + i] * b[bo + i];
    return acc;
}
double sumsq(double *m0, double *m, int64_t off, int64_t rows, int64_t cols, int64_t rs,
             int64_t cs) {
    (void)m0; (void)cs;
    double acc = 0.0;
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++) {
            double x = m[off + i * rs + j];
            acc += x * x;
        }
    return acc;
}
#else
float dot(float *, float *, int64_t, int64_t, int64_t, float *, float *, int64_t, int64_t,
          int64_t);
double sumsq(double *, double *, int64_t, int64_t, int64_t, int64_t, int64_t);
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 7;
    int64_t n = 1 << 20, rows = 512, cols = 1024;
    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    double *m = malloc(rows * cols * sizeof *m);
    for (int64_t i = 0; i < n; i++) {
        a[i] = (float)(i % 7) * 0.25f;
        b[i] = (float)(i % 5) * 0.5f;
    }
    for (int64_t i = 0; i < rows * cols; i++) m[i] = (double)(i % 11) * 0.125;
    /* The best of `rounds` runs of 20 calls each: the fastest run is the one least
     * disturbed by the machine's other load. */
    double best_dot = 1e9, best_sumsq = 1e9, check = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        for (int k = 0; k < 20; k++) check += dot(a, a, 0, n, 1, b, b, 0, n, 1);
        double t1 = now();
        for (int k = 0; k < 20; k++) check += sumsq(m, m, 0, rows, cols, cols, 1);
        double t2 = now();
        if (t1 - t0 < best_dot) best_dot = t1 - t0;
        if (t2 - t1 < best_sumsq) best_sumsq = t2 - t1;
    }
    printf("dot %.3f ms\nsumsq %.3f ms\ncheck %.6g\n", best_dot / 20 * 1e3,
           best_sumsq / 20 * 1e3, check);
    return 0;
}
