// corpus: abi_reflection.mlir
// mlir: MLIR's own lowering knows nothing of kiln's `__kiln_abi_` reflection symbols
// A small loader: it reads each exported function's reflection record out of the object
// kiln produced (the `__kiln_abi_<name>` symbols, docs/book/src/reference/abi.md), checks it, and
// calls the functions with the raw arguments the record maps its structured arguments to.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern const char __kiln_abi_scale[];
extern const char __kiln_abi_pair[];
extern const char __kiln_abi_total[];
extern const char __kiln_abi_plain[];

// The raw functions: memrefs expanded into 3 + 2N parameters.
float scale(float *allocated, float *aligned, int64_t offset, int64_t s0, int64_t s1,
            int64_t t0, int64_t t1, float alpha, int64_t n);
double total(double *allocated, double *aligned, int64_t offset, int64_t s0, int64_t t0);
int32_t plain(int32_t k, float *allocated, float *aligned, int64_t offset, int64_t s0,
              int64_t s1, int64_t t0, int64_t t1);

static int failures = 0;

static void expect_record(const char *name, const char *got, const char *want) {
    if (strcmp(got, want) != 0) {
        printf("record of %s:\n  got  %s\n  want %s\n", name, got, want);
        failures++;
    }
}

// The number of leaves (raw values) in a record's `a` list: every primitive string, ndarray
// and py_homogeneous_list counts one; the kinds and keys of compound records count none.
static int raw_arguments(const char *json) {
    const char *a = strstr(json, "\"a\":[");
    const char *r = strstr(json, "],\"r\":");
    if (!a || !r) return -1;
    int n = 0;
    for (const char *p = a + 5; p < r; p++) {
        if (strncmp(p, "[\"ndarray\"", 10) == 0 || strncmp(p, "[\"py_homogeneous_list\"", 22) == 0) {
            n++;
            int depth = 0;
            for (; p < r; p++) {
                if (*p == '[') depth++;
                if (*p == ']' && --depth == 0) break;
            }
        } else if (strncmp(p, "\"i", 2) == 0 || strncmp(p, "\"f", 2) == 0) {
            const char *q = p + 2;
            if (*q >= '0' && *q <= '9') n++;
        }
    }
    return n;
}

int main(void) {
    expect_record("scale", __kiln_abi_scale,
                  "{\"name\":\"scale\",\"a\":[[\"named\",\"x\",[\"ndarray\",\"f32\",2,2,3]],"
                  "[\"named\",\"opts\",[\"sdict\",[\"n\",\"i64\"],[\"alpha\",\"f32\"]]]],"
                  "\"r\":[\"f32\"],\"v\":1}");
    expect_record("pair", __kiln_abi_pair,
                  "{\"name\":\"pair\",\"a\":[[\"named\",\"p\",[\"stuple\",\"i32\",\"i32\"]],"
                  "[\"named\",\"ys\",[\"slist\",\"i64\",[\"ndarray\",\"i32\",1,null]]]],"
                  "\"r\":[[\"sdict\",[\"sum\",\"i32\"],[\"prod\",\"i32\"]]],\"v\":1}");
    expect_record("total", __kiln_abi_total,
                  "{\"name\":\"total\",\"a\":[[\"named\",\"xs\",[\"py_homogeneous_list\",\"f64\"]]],"
                  "\"r\":[[\"named\",\"total\",\"f64\"]],\"v\":1}");
    expect_record("plain", __kiln_abi_plain,
                  "{\"name\":\"plain\",\"a\":[\"i32\",[\"ndarray\",\"f32\",2,2,null]],"
                  "\"r\":[\"i32\"],\"v\":1}");
    struct { const char *json; int want; } counts[] = {
        {__kiln_abi_scale, 3}, {__kiln_abi_pair, 4}, {__kiln_abi_total, 1}, {__kiln_abi_plain, 2},
    };
    for (int i = 0; i < 4; i++) {
        int n = raw_arguments(counts[i].json);
        if (n != counts[i].want) {
            printf("%s: %d raw arguments, want %d\n", counts[i].json, n, counts[i].want);
            failures++;
        }
    }

    // scale({"x": [[1,2,3],[4,5,6]], "opts": {"n": 10, "alpha": 0.5}}): the sdict's slots
    // are passed in sorted-key order, alpha before n. (1 + 6) * 0.5 + 10 = 13.5.
    float x[6] = {1, 2, 3, 4, 5, 6};
    float s = scale(x, x, 0, 2, 3, 3, 1, 0.5f, 10);
    if (s != 13.5f) {
        printf("scale: %f, want 13.5\n", s);
        failures++;
    }
    // total({"xs": [1.5, 2.5, 3]}) = 7.
    double xs[3] = {1.5, 2.5, 3};
    double t = total(xs, xs, 0, 3, 1);
    if (t != 7.0) {
        printf("total: %f, want 7\n", t);
        failures++;
    }
    float m[2] = {0, 0};
    if (plain(41, m, m, 0, 2, 1, 1, 1) != 42) {
        printf("plain: want 42\n");
        failures++;
    }
    if (failures == 0) printf("ok\n");
    return failures != 0;
}
