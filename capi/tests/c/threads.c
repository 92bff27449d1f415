/*
 * The thread-safety kiln.h states, tested:
 *  - one session per thread: threads compile in parallel, each getting what one thread
 *    alone gets (byte for byte);
 *  - one session shared behind the host's lock: every thread's edits and compiles see a
 *    consistent session;
 *  - one session used by threads without a lock: each call either runs or fails with
 *    KILN_ERROR_BUSY, never a crash or a torn result;
 *  - buffers, diagnostics and JIT code read from many threads at once.
 *
 * Built and run by scripts/capi-test.sh:
 *   cc threads.c $(pkg-config --cflags --libs kiln) -lpthread && ./a.out
 */

#include <kiln/kiln.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define ROUNDS 6

static int failures = 0;
static pthread_mutex_t failures_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, kiln_status status) {
  pthread_mutex_lock(&failures_lock);
  failures++;
  fprintf(stderr, "threads: %s: %s (%s)\n", what, kiln_status_name(status), kiln_last_error());
  pthread_mutex_unlock(&failures_lock);
}

/* A module whose @f returns K: the text for a given K. */
static void module_text(char *out, size_t size, int k) {
  snprintf(out, size,
           "func.func @f(%%x: i64) -> i64 {\n"
           "  %%c = arith.constant %d : i64\n"
           "  %%y = arith.addi %%x, %%c : i64\n"
           "  func.return %%y : i64\n"
           "}\n"
           "\n"
           "func.func @g(%%m: memref<?xi64>, %%i: index) -> i64 {\n"
           "  %%v = memref.load %%m[%%i] : memref<?xi64>\n"
           "  func.return %%v : i64\n"
           "}\n",
           k);
}

/* The LLVM IR of the module with K, compiled alone. */
static char *compile_ir(kiln_session *s, const char *path) {
  kiln_buffer *b = NULL;
  kiln_status st = kiln_session_compile(s, path, KILN_EMIT_LLVM_IR, 0, &b, NULL);
  if (st != KILN_OK) {
    fail("compile", st);
    return NULL;
  }
  const uint8_t *data = NULL;
  size_t n = 0;
  kiln_buffer_data(b, &data, &n);
  char *copy = malloc(n + 1);
  memcpy(copy, data, n + 1);
  kiln_buffer_free(b);
  return copy;
}

static char *expected[ROUNDS];

/* One session per thread. */
static void *own_session(void *arg) {
  (void)arg;
  kiln_session *s = NULL;
  kiln_status st = kiln_session_new(&s);
  if (st != KILN_OK) {
    fail("new", st);
    return NULL;
  }
  char text[1024];
  for (int round = 0; round < ROUNDS; round++) {
    module_text(text, sizeof text, round);
    kiln_session_set_source(s, "m.mlir", text, strlen(text));
    char *ir = compile_ir(s, "m.mlir");
    if (ir != NULL && strcmp(ir, expected[round]) != 0) fail("own session: IR differs", KILN_OK);
    free(ir);
  }
  kiln_session_free(s);
  return NULL;
}

/* One session shared behind a lock; each thread has its own file in it. */
static kiln_session *shared;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

static void *locked_session(void *arg) {
  int id = (int)(intptr_t)arg;
  char path[32], text[1024];
  snprintf(path, sizeof path, "t%d.mlir", id);
  for (int round = 0; round < ROUNDS; round++) {
    module_text(text, sizeof text, round);
    pthread_mutex_lock(&shared_lock);
    kiln_status st = kiln_session_set_source(shared, path, text, strlen(text));
    if (st != KILN_OK) fail("locked: set_source", st);
    char *ir = compile_ir(shared, path);
    pthread_mutex_unlock(&shared_lock);
    if (ir != NULL && strcmp(ir, expected[round]) != 0) fail("locked session: IR differs", KILN_OK);
    free(ir);
  }
  return NULL;
}

/* The same session without a lock: calls run or are refused as busy. */
static int busy = 0;

static void *unlocked_session(void *arg) {
  (void)arg;
  for (int round = 0; round < ROUNDS * 4; round++) {
    kiln_buffer *b = NULL;
    kiln_status st = kiln_session_compile(shared, "t0.mlir", KILN_EMIT_LLVM_IR, 0, &b, NULL);
    if (st == KILN_ERROR_BUSY) {
      pthread_mutex_lock(&failures_lock);
      busy++;
      pthread_mutex_unlock(&failures_lock);
      if (b != NULL) fail("busy call returned a buffer", st);
      continue;
    }
    if (st != KILN_OK) {
      fail("unlocked compile", st);
      continue;
    }
    const uint8_t *data = NULL;
    size_t n = 0;
    kiln_buffer_data(b, &data, &n);
    if (strcmp((const char *)data, expected[ROUNDS - 1]) != 0) fail("unlocked: IR differs", st);
    kiln_buffer_free(b);
  }
  return NULL;
}

/* JIT code and a buffer read by several threads at once. */
static kiln_jit *jit;
static kiln_buffer *ir_buffer;

static void *readers(void *arg) {
  (void)arg;
  for (int round = 0; round < 100; round++) {
    void *address = NULL;
    kiln_status st = kiln_jit_lookup(jit, "f", &address);
    if (st != KILN_OK) {
      fail("lookup", st);
      return NULL;
    }
    int64_t (*f)(int64_t) = (int64_t(*)(int64_t))address;
    if (f(round) != round + ROUNDS - 1) fail("jit call", KILN_OK);
    const uint8_t *data = NULL;
    size_t n = 0;
    st = kiln_buffer_data(ir_buffer, &data, &n);
    if (st != KILN_OK || n != strlen(expected[ROUNDS - 1])) fail("buffer read", st);
  }
  return NULL;
}

static void run(void *(*body)(void *)) {
  pthread_t threads[THREADS];
  for (int i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, body, (void *)(intptr_t)i);
  for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
}

int main(void) {
  /* What one thread alone gets. */
  kiln_session *s = NULL;
  kiln_session_new(&s);
  char text[1024];
  for (int round = 0; round < ROUNDS; round++) {
    module_text(text, sizeof text, round);
    kiln_session_set_source(s, "m.mlir", text, strlen(text));
    expected[round] = compile_ir(s, "m.mlir");
    if (expected[round] == NULL) return 1;
  }
  kiln_session_free(s);

  run(own_session);

  kiln_session_new(&shared);
  run(locked_session);
  run(unlocked_session);

  kiln_status st = kiln_jit_new(shared, "t0.mlir", 0, &jit, NULL);
  if (st != KILN_OK) fail("jit", st);
  st = kiln_session_compile(shared, "t0.mlir", KILN_EMIT_LLVM_IR, 0, &ir_buffer, NULL);
  if (st != KILN_OK) fail("compile", st);
  run(readers);
  kiln_buffer_free(ir_buffer);
  kiln_jit_free(jit);
  kiln_session_free(shared);

  for (int round = 0; round < ROUNDS; round++) free(expected[round]);
  printf("threads: %d failures (%d calls refused as busy)\n", failures, busy);
  return failures == 0 ? 0 : 1;
}
