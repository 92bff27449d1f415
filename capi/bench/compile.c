/*
 * The C API's cost against the Rust API's (examples/compile_session.rs does the same
 * through kiln::Session): opens a module, compiles it to an object at -O0 (cold), edits
 * one function and compiles again (warm), ROUNDS times in one process, and prints the
 * median of each in milliseconds. scripts/bench-capi.sh runs both in the same run.
 *
 * usage: compile MODULE.mlir ROUNDS
 */

#include <kiln/kiln.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int compile(kiln_session *s, size_t *bytes) {
  kiln_buffer *code = NULL;
  kiln_status st = kiln_session_compile(s, "m.mlir", KILN_EMIT_OBJECT, 0, &code, NULL);
  if (st != KILN_OK) {
    fprintf(stderr, "compile: %s: %s\n", kiln_status_name(st), kiln_last_error());
    return 0;
  }
  const uint8_t *data = NULL;
  kiln_buffer_data(code, &data, bytes);
  kiln_buffer_free(code);
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s MODULE.mlir ROUNDS\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (f == NULL) {
    perror(argv[1]);
    return 1;
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size);
  if (fread(text, 1, (size_t)size, f) != (size_t)size) return 1;
  fclose(f);
  int rounds = atoi(argv[2]);
  double *cold = calloc((size_t)rounds, sizeof *cold);
  double *warm = calloc((size_t)rounds, sizeof *warm);
  /* The edit: the first `arith.constant 0 : index` becomes `arith.constant 0 : index `
   * (a space inside one function's text, which changes its text but not its code). */
  const char *at = strstr(text, "arith.constant 0 : index");
  if (at == NULL) return 1;
  size_t offset = (size_t)(at - text) + strlen("arith.constant 0 : index");
  size_t bytes = 0;
  for (int r = 0; r < rounds; r++) {
    double t0 = now_ms();
    kiln_session *s = NULL;
    kiln_session_new(&s);
    kiln_session_set_source(s, "m.mlir", text, (size_t)size);
    if (!compile(s, &bytes)) return 1;
    double t1 = now_ms();
    kiln_session_edit_source(s, "m.mlir", offset, offset, " ", 1);
    if (!compile(s, &bytes)) return 1;
    double t2 = now_ms();
    kiln_session_free(s);
    cold[r] = t1 - t0;
    warm[r] = t2 - t1;
  }
  qsort(cold, (size_t)rounds, sizeof *cold, by_value);
  qsort(warm, (size_t)rounds, sizeof *warm, by_value);
  printf("c cold_ms %.1f edit_ms %.1f bytes %zu\n", cold[rounds / 2], warm[rounds / 2], bytes);
  free(cold);
  free(warm);
  free(text);
  return 0;
}
