/*
 * Every function of kiln.h, and every error path: bad handles (NULL, freed, foreign, never
 * one), invalid UTF-8, NULL outputs, malformed IR, ill-typed programs, failing rules, bad
 * ranges, unknown files and functions, unwritable outputs.
 *
 * Built and run by scripts/capi-test.sh against the installed library:
 *   cc api.c $(pkg-config --cflags --libs kiln) && ./a.out RULES_DIR
 */

#include <kiln/kiln.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures = 0;
static int checks = 0;

#define EXPECT(cond)                                                                 \
  do {                                                                               \
    checks++;                                                                        \
    if (!(cond)) {                                                                   \
      failures++;                                                                    \
      fprintf(stderr, "%s:%d: expected %s (last error: %s)\n", __FILE__, __LINE__, #cond, \
              kiln_last_error());                                                    \
    }                                                                                \
  } while (0)

#define EXPECT_STATUS(call, status)                                                  \
  do {                                                                               \
    kiln_status got_ = (call);                                                       \
    checks++;                                                                        \
    if (got_ != (status)) {                                                          \
      failures++;                                                                    \
      fprintf(stderr, "%s:%d: %s gave %s, expected %s (last error: %s)\n", __FILE__,  \
              __LINE__, #call, kiln_status_name(got_), kiln_status_name(status),     \
              kiln_last_error());                                                    \
    }                                                                                \
  } while (0)

static const char GOOD[] =
    "func.func @inc(%x: i64) -> i64 {\n"
    "  %c1 = arith.constant 1 : i64\n"
    "  %y = arith.addi %x, %c1 : i64\n"
    "  func.return %y : i64\n"
    "}\n"
    "\n"
    "func.func @fill(%m: memref<4xf32>, %v: f32) attributes {llvm.emit_c_interface} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  memref.store %v, %m[%c0] : memref<4xf32>\n"
    "  func.return\n"
    "}\n";

/* An operand of the wrong type: a verifier error on line 2. */
static const char ILL_TYPED[] =
    "func.func @f(%x: i32, %y: i64) -> i32 {\n"
    "  %z = arith.addi %x, %y : i32\n"
    "  func.return %z : i32\n"
    "}\n";

static const char MALFORMED[] = "func.func @f( {\n";

static char *buffer_text(kiln_buffer *b) {
  const uint8_t *data = NULL;
  size_t length = 0;
  if (kiln_buffer_data(b, &data, &length) != KILN_OK) return NULL;
  return (char *)data;
}

static size_t buffer_length(kiln_buffer *b) {
  const uint8_t *data = NULL;
  size_t length = 0;
  kiln_buffer_data(b, &data, &length);
  return length;
}

static kiln_session *session_with(const char *path, const char *text) {
  kiln_session *s = NULL;
  EXPECT_STATUS(kiln_session_new(&s), KILN_OK);
  EXPECT(s != NULL);
  EXPECT_STATUS(kiln_session_set_source(s, path, text, strlen(text)), KILN_OK);
  return s;
}

static void test_versions(void) {
  EXPECT(kiln_api_version() == KILN_API_VERSION);
  EXPECT(strcmp(kiln_version(), "0.1.0") == 0);
  EXPECT(strcmp(kiln_status_name(KILN_OK), "KILN_OK") == 0);
  EXPECT(strcmp(kiln_status_name(KILN_ERROR_PANIC), "KILN_ERROR_PANIC") == 0);
  EXPECT(strcmp(kiln_status_name(1000), "KILN_STATUS_UNKNOWN") == 0);
}

static void test_null_handles(void) {
  kiln_buffer *b = NULL;
  kiln_diagnostics *d = NULL;
  kiln_jit *j = NULL;
  void *address = NULL;
  const uint8_t *data = NULL;
  size_t n = 0;
  kiln_diagnostic one;
  kiln_work work;
  EXPECT_STATUS(kiln_session_free(NULL), KILN_ERROR_NULL_HANDLE);
  EXPECT(strstr(kiln_last_error(), "NULL") != NULL);
  EXPECT(kiln_session_error(NULL) == NULL);
  EXPECT_STATUS(kiln_session_set_target(NULL, NULL, NULL), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_set_c_interface(NULL, true), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_set_bare_pointers(NULL, true), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_set_rules_directory(NULL, "rules"), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_set_rules(NULL, NULL, NULL, 0), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_set_shipped_rules(NULL), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_rule_diagnostics(NULL, &d), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_set_source(NULL, "a", "", 0), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_edit_source(NULL, "a", 0, 0, "", 0), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_remove_source(NULL, "a"), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_check(NULL, "a", &d), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_lower(NULL, "a", &b, &d), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_compile(NULL, "a", KILN_EMIT_OBJECT, 0, &b, &d),
                KILN_ERROR_NULL_HANDLE);
  EXPECT(b == NULL && d == NULL);
  EXPECT_STATUS(kiln_session_compile_to_file(NULL, "a", KILN_EMIT_OBJECT, 0, "x.o", &d),
                KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_abi(NULL, "a", KILN_ABI_JSON, &b, &d), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_function_names(NULL, "a", &b), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_session_last_work(NULL, &work), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_buffer_data(NULL, &data, &n), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_buffer_free(NULL), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_diagnostics_count(NULL, &n), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_diagnostics_get(NULL, 0, &one), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_diagnostics_json(NULL, &b), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_diagnostics_render(NULL, &b), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_diagnostics_free(NULL), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_jit_new(NULL, "a", 0, &j, &d), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_jit_lookup(NULL, "f", &address), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_jit_lookup_c_interface(NULL, "f", &address), KILN_ERROR_NULL_HANDLE);
  EXPECT_STATUS(kiln_jit_free(NULL), KILN_ERROR_NULL_HANDLE);
}

static void test_bad_handles(void) {
  kiln_session *s = session_with("a.mlir", GOOD);
  kiln_buffer *names = NULL;
  EXPECT_STATUS(kiln_session_function_names(s, "a.mlir", &names), KILN_OK);
  /* A handle of another type, an address that never was a handle, a freed handle. */
  EXPECT_STATUS(kiln_session_set_c_interface((kiln_session *)names, true),
                KILN_ERROR_INVALID_HANDLE);
  EXPECT(strstr(kiln_last_error(), "kiln_buffer") != NULL);
  int local = 0;
  EXPECT_STATUS(kiln_session_set_c_interface((kiln_session *)&local, true),
                KILN_ERROR_INVALID_HANDLE);
  EXPECT_STATUS(kiln_buffer_free(names), KILN_OK);
  const uint8_t *data = NULL;
  size_t n = 0;
  EXPECT_STATUS(kiln_buffer_data(names, &data, &n), KILN_ERROR_INVALID_HANDLE);
  EXPECT_STATUS(kiln_buffer_free(names), KILN_ERROR_INVALID_HANDLE);
  EXPECT_STATUS(kiln_session_free(s), KILN_OK);
  EXPECT_STATUS(kiln_session_set_c_interface(s, true), KILN_ERROR_INVALID_HANDLE);
  EXPECT(kiln_session_error(s) == NULL);
  EXPECT_STATUS(kiln_session_free(s), KILN_ERROR_INVALID_HANDLE);
}

static void test_arguments(void) {
  kiln_session *s = session_with("a.mlir", GOOD);
  kiln_buffer *b = NULL;
  kiln_diagnostics *d = NULL;
  /* NULL where a pointer is required. */
  EXPECT_STATUS(kiln_session_new(NULL), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_set_source(s, NULL, "", 0), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_set_source(s, "b.mlir", NULL, 3), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_set_source(s, "empty.mlir", NULL, 0), KILN_OK);
  EXPECT_STATUS(kiln_session_lower(s, "a.mlir", NULL, &d), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_check(s, "a.mlir", NULL), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_last_work(s, NULL), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_set_rules(s, NULL, NULL, 2), KILN_ERROR_INVALID_ARGUMENT);
  /* The message is kept in the session too, until its next call. */
  EXPECT(strstr(kiln_session_error(s), "NULL") != NULL);
  EXPECT_STATUS(kiln_session_set_c_interface(s, false), KILN_OK);
  EXPECT(strcmp(kiln_session_error(s), "") == 0);
  /* Text that is not UTF-8. */
  const char bad[] = {'f', (char)0xff, 'x', 0};
  EXPECT_STATUS(kiln_session_set_source(s, bad, "", 0), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT(strstr(kiln_last_error(), "UTF-8") != NULL);
  EXPECT_STATUS(kiln_session_set_source(s, "a.mlir", bad, 3), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_set_target(s, bad, NULL), KILN_ERROR_INVALID_ARGUMENT);
  /* Out-of-range enums and levels. */
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", (kiln_emit)7, 0, &b, &d),
                KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_OBJECT, 4, &b, &d),
                KILN_ERROR_INVALID_ARGUMENT);
  EXPECT(b == NULL);
  EXPECT_STATUS(kiln_session_abi(s, "a.mlir", (kiln_abi_format)9, &b, &d),
                KILN_ERROR_INVALID_ARGUMENT);
  kiln_jit *j = NULL;
  EXPECT_STATUS(kiln_jit_new(s, "a.mlir", 9, &j, &d), KILN_ERROR_INVALID_ARGUMENT);
  /* Unknown files. */
  EXPECT_STATUS(kiln_session_lower(s, "nope.mlir", &b, &d), KILN_ERROR_NOT_FOUND);
  EXPECT(strstr(kiln_last_error(), "nope.mlir") != NULL);
  EXPECT_STATUS(kiln_session_remove_source(s, "nope.mlir"), KILN_ERROR_NOT_FOUND);
  EXPECT_STATUS(kiln_session_edit_source(s, "nope.mlir", 0, 0, "", 0), KILN_ERROR_NOT_FOUND);
  EXPECT_STATUS(kiln_jit_new(s, "nope.mlir", 0, &j, &d), KILN_ERROR_NOT_FOUND);
  /* Bad ranges change nothing. */
  EXPECT_STATUS(kiln_session_edit_source(s, "a.mlir", 5, 2, "", 0), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_edit_source(s, "a.mlir", 0, 100000, "", 0),
                KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_check(s, "a.mlir", &d), KILN_OK);
  EXPECT_STATUS(kiln_diagnostics_free(d), KILN_OK);
  EXPECT_STATUS(kiln_session_free(s), KILN_OK);
}

static void test_diagnostics(void) {
  kiln_session *s = session_with("bad.mlir", ILL_TYPED);
  kiln_diagnostics *d = NULL;
  kiln_buffer *b = NULL;
  EXPECT_STATUS(kiln_session_check(s, "bad.mlir", &d), KILN_ERROR_DIAGNOSTICS);
  EXPECT(strstr(kiln_last_error(), "bad.mlir:2:") != NULL);
  size_t count = 0;
  EXPECT_STATUS(kiln_diagnostics_count(d, &count), KILN_OK);
  EXPECT(count >= 1);
  kiln_diagnostic one;
  EXPECT_STATUS(kiln_diagnostics_get(d, 0, &one), KILN_OK);
  EXPECT(one.severity == KILN_SEVERITY_ERROR);
  EXPECT(strcmp(one.file, "bad.mlir") == 0);
  EXPECT(one.line == 2 && one.column > 1 && one.end_line >= one.line);
  EXPECT(strncmp(one.code, "verify.", 7) == 0);
  EXPECT(strlen(one.message) > 0);
  EXPECT_STATUS(kiln_diagnostics_get(d, count, &one), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_diagnostics_get(d, 0, NULL), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_diagnostics_json(d, &b), KILN_OK);
  EXPECT(strstr(buffer_text(b), "\"code\":\"verify.") != NULL);
  EXPECT(strstr(buffer_text(b), "\"line\":2") != NULL);
  EXPECT_STATUS(kiln_buffer_free(b), KILN_OK);
  EXPECT_STATUS(kiln_diagnostics_render(d, &b), KILN_OK);
  EXPECT(strstr(buffer_text(b), "bad.mlir:2:") != NULL);
  EXPECT(strstr(buffer_text(b), "arith.addi") != NULL);
  EXPECT_STATUS(kiln_buffer_free(b), KILN_OK);
  EXPECT_STATUS(kiln_diagnostics_free(d), KILN_OK);
  EXPECT_STATUS(kiln_diagnostics_free(d), KILN_ERROR_INVALID_HANDLE);

  /* Every request that needs a checked program fails the same way, with diagnostics. */
  d = NULL;
  EXPECT_STATUS(kiln_session_lower(s, "bad.mlir", &b, &d), KILN_ERROR_DIAGNOSTICS);
  EXPECT(b == NULL && d != NULL);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_session_compile(s, "bad.mlir", KILN_EMIT_LLVM_IR, 0, &b, NULL),
                KILN_ERROR_DIAGNOSTICS);
  EXPECT_STATUS(kiln_session_abi(s, "bad.mlir", KILN_ABI_JSON, &b, NULL),
                KILN_ERROR_DIAGNOSTICS);
  kiln_jit *j = NULL;
  EXPECT_STATUS(kiln_jit_new(s, "bad.mlir", 0, &j, NULL), KILN_ERROR_DIAGNOSTICS);
  EXPECT(j == NULL);

  /* A parse error, located. */
  EXPECT_STATUS(kiln_session_set_source(s, "bad.mlir", MALFORMED, strlen(MALFORMED)), KILN_OK);
  EXPECT_STATUS(kiln_session_check(s, "bad.mlir", &d), KILN_ERROR_DIAGNOSTICS);
  EXPECT_STATUS(kiln_diagnostics_get(d, 0, &one), KILN_OK);
  EXPECT(one.line == 1 && strncmp(one.code, "parse.", 6) == 0);
  kiln_diagnostics_free(d);

  /* Fixed by an edit of the whole text. */
  EXPECT_STATUS(kiln_session_edit_source(s, "bad.mlir", 0, strlen(MALFORMED), GOOD, strlen(GOOD)),
                KILN_OK);
  EXPECT_STATUS(kiln_session_check(s, "bad.mlir", &d), KILN_OK);
  EXPECT_STATUS(kiln_diagnostics_count(d, &count), KILN_OK);
  EXPECT(count == 0);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_session_free(s), KILN_OK);
}

static void test_lower_and_compile(const char *scratch) {
  kiln_session *s = session_with("a.mlir", GOOD);
  kiln_buffer *b = NULL;
  kiln_diagnostics *d = NULL;
  kiln_work work;
  EXPECT_STATUS(kiln_session_lower(s, "a.mlir", &b, &d), KILN_OK);
  EXPECT(strstr(buffer_text(b), "llvm.add i64") != NULL);
  kiln_buffer_free(b);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_session_last_work(s, &work), KILN_OK);
  EXPECT(work.lowered == 2);

  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_LLVM_IR, 0, &b, NULL), KILN_OK);
  EXPECT(strstr(buffer_text(b), "define i64 @inc(i64") != NULL);
  EXPECT(strstr(buffer_text(b), "@_mlir_ciface_fill") != NULL);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_ASSEMBLY, 2, &b, NULL), KILN_OK);
  EXPECT(strstr(buffer_text(b), "inc:") != NULL);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_OBJECT, 0, &b, NULL), KILN_OK);
  EXPECT(buffer_length(b) > 64 && memcmp(buffer_text(b), "\x7f" "ELF", 4) == 0);
  kiln_buffer_free(b);

  /* An edit of @inc: only it is lowered again. */
  const char *text = GOOD;
  size_t at = (size_t)(strstr(text, "constant 1 :") - text) + 9;
  EXPECT_STATUS(kiln_session_edit_source(s, "a.mlir", at, at + 1, "5", 1), KILN_OK);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_OBJECT, 0, &b, NULL), KILN_OK);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_last_work(s, &work), KILN_OK);
  EXPECT(work.lowered == 1 && work.generated == 1 && work.units == 1);

  /* Names and reflection records. */
  EXPECT_STATUS(kiln_session_function_names(s, "a.mlir", &b), KILN_OK);
  EXPECT(strcmp(buffer_text(b), "inc\nfill\n") == 0);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_abi(s, "a.mlir", KILN_ABI_JSON, &b, &d), KILN_OK);
  EXPECT(strstr(buffer_text(b), "{\"name\":\"inc\",\"a\":[\"i64\"],\"r\":[\"i64\"],\"v\":1}") != NULL);
  kiln_buffer_free(b);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_session_abi(s, "a.mlir", KILN_ABI_TEXT, &b, NULL), KILN_OK);
  EXPECT(strstr(buffer_text(b), "inc(") != NULL);
  kiln_buffer_free(b);

  /* To a file: whole, or not at all. */
  char out[4096];
  snprintf(out, sizeof out, "%s/a.o", scratch);
  EXPECT_STATUS(kiln_session_compile_to_file(s, "a.mlir", KILN_EMIT_OBJECT, 0, out, NULL), KILN_OK);
  EXPECT(access(out, F_OK) == 0);
  snprintf(out, sizeof out, "%s/no-such-dir/a.o", scratch);
  EXPECT_STATUS(kiln_session_compile_to_file(s, "a.mlir", KILN_EMIT_OBJECT, 0, out, NULL),
                KILN_ERROR_IO);
  EXPECT_STATUS(kiln_session_set_source(s, "bad.mlir", ILL_TYPED, strlen(ILL_TYPED)), KILN_OK);
  snprintf(out, sizeof out, "%s/bad.o", scratch);
  EXPECT_STATUS(kiln_session_compile_to_file(s, "bad.mlir", KILN_EMIT_OBJECT, 0, out, &d),
                KILN_ERROR_DIAGNOSTICS);
  EXPECT(access(out, F_OK) != 0);
  kiln_diagnostics_free(d);

  /* Options. */
  EXPECT_STATUS(kiln_session_set_c_interface(s, true), KILN_OK);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_LLVM_IR, 0, &b, NULL), KILN_OK);
  EXPECT(strstr(buffer_text(b), "@_mlir_ciface_inc") != NULL);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_set_c_interface(s, false), KILN_OK);
  EXPECT_STATUS(kiln_session_set_bare_pointers(s, true), KILN_OK);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_LLVM_IR, 0, &b, NULL), KILN_OK);
  EXPECT(strstr(buffer_text(b), "define void @fill(ptr %0, float %1)") != NULL);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_set_bare_pointers(s, false), KILN_OK);
  EXPECT_STATUS(kiln_session_set_target(s, "aarch64-unknown-linux-gnu", "generic"), KILN_OK);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_ASSEMBLY, 0, &b, NULL), KILN_OK);
  EXPECT(strstr(buffer_text(b), "ret") != NULL && strstr(buffer_text(b), "retq") == NULL);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_set_target(s, "no-such-triple", NULL), KILN_OK);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_OBJECT, 0, &b, &d),
                KILN_ERROR_DIAGNOSTICS);
  EXPECT(strstr(kiln_last_error(), "no-such-triple") != NULL);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_session_set_target(s, NULL, NULL), KILN_OK);

  /* A shared cache: a second session compiles from it without lowering anything. */
  char cache[4096];
  snprintf(cache, sizeof cache, "%s/cache", scratch);
  EXPECT_STATUS(kiln_session_set_cache(s, "ftp://example.com/x"), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_session_set_cache(s, cache), KILN_OK);
  kiln_buffer *cold = NULL;
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_OBJECT, 0, &cold, NULL), KILN_OK);
  EXPECT_STATUS(kiln_session_set_cache(s, NULL), KILN_OK); /* waits for the writes */
  kiln_session *other = session_with("a.mlir", GOOD);
  EXPECT_STATUS(kiln_session_edit_source(other, "a.mlir", at, at + 1, "5", 1), KILN_OK);
  EXPECT_STATUS(kiln_session_set_cache(other, cache), KILN_OK);
  EXPECT_STATUS(kiln_session_compile(other, "a.mlir", KILN_EMIT_OBJECT, 0, &b, NULL), KILN_OK);
  EXPECT_STATUS(kiln_session_last_work(other, &work), KILN_OK);
  EXPECT(work.lowered == 0 && work.generated == 0);
  EXPECT(buffer_length(b) == buffer_length(cold) &&
         memcmp(buffer_text(b), buffer_text(cold), buffer_length(b)) == 0);
  kiln_buffer_free(b);
  kiln_buffer_free(cold);
  EXPECT_STATUS(kiln_session_free(other), KILN_OK);

  /* Removed, and gone. */
  EXPECT_STATUS(kiln_session_remove_source(s, "a.mlir"), KILN_OK);
  EXPECT_STATUS(kiln_session_remove_source(s, "a.mlir"), KILN_ERROR_NOT_FOUND);
  EXPECT_STATUS(kiln_session_free(s), KILN_OK);
}

static void test_rules(const char *rules_dir) {
  kiln_session *s = session_with("a.mlir", GOOD);
  kiln_buffer *b = NULL;
  kiln_diagnostics *d = NULL;
  kiln_diagnostic one;
  /* A malformed rule file: located in the rule file. */
  const char *paths[] = {"broken.rules"};
  const char *texts[] = {"(rule oops\n"};
  EXPECT_STATUS(kiln_session_set_rules(s, paths, texts, 1), KILN_OK);
  EXPECT_STATUS(kiln_session_rule_diagnostics(s, &d), KILN_ERROR_DIAGNOSTICS);
  EXPECT_STATUS(kiln_diagnostics_get(d, 0, &one), KILN_OK);
  EXPECT(strcmp(one.file, "broken.rules") == 0 && one.line >= 1);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_session_lower(s, "a.mlir", &b, &d), KILN_ERROR_DIAGNOSTICS);
  EXPECT(strstr(kiln_last_error(), "broken.rules:") != NULL);
  kiln_diagnostics_free(d);
  /* Rules that lower nothing: the program is refused, located in the program. */
  const char *empty_texts[] = {";; no rules\n"};
  EXPECT_STATUS(kiln_session_set_rules(s, paths, empty_texts, 1), KILN_OK);
  EXPECT_STATUS(kiln_session_compile(s, "a.mlir", KILN_EMIT_LLVM_IR, 0, &b, &d),
                KILN_ERROR_DIAGNOSTICS);
  EXPECT_STATUS(kiln_diagnostics_get(d, 0, &one), KILN_OK);
  EXPECT(strcmp(one.file, "a.mlir") == 0);
  kiln_diagnostics_free(d);
  /* A directory that does not exist; then the shipped rules from disk and built in. */
  EXPECT_STATUS(kiln_session_set_rules_directory(s, "/no/such/rules"), KILN_ERROR_IO);
  EXPECT_STATUS(kiln_session_set_rules_directory(s, rules_dir), KILN_OK);
  EXPECT_STATUS(kiln_session_rule_diagnostics(s, &d), KILN_OK);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_session_lower(s, "a.mlir", &b, NULL), KILN_OK);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_set_shipped_rules(s), KILN_OK);
  EXPECT_STATUS(kiln_session_lower(s, "a.mlir", &b, NULL), KILN_OK);
  kiln_buffer_free(b);
  EXPECT_STATUS(kiln_session_free(s), KILN_OK);
}

typedef int64_t (*inc_fn)(int64_t);

struct memref4 {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
};
typedef void (*fill_fn)(struct memref4 *, float);

static void test_jit(void) {
  kiln_session *s = session_with("a.mlir", GOOD);
  kiln_jit *j = NULL;
  kiln_diagnostics *d = NULL;
  void *address = NULL;
  EXPECT_STATUS(kiln_jit_new(s, "a.mlir", 0, &j, &d), KILN_OK);
  kiln_diagnostics_free(d);
  EXPECT_STATUS(kiln_jit_lookup(j, "inc", &address), KILN_OK);
  EXPECT(address != NULL && ((inc_fn)address)(41) == 42);
  EXPECT_STATUS(kiln_jit_lookup(j, "missing", &address), KILN_ERROR_NOT_FOUND);
  EXPECT(address == NULL);
  EXPECT_STATUS(kiln_jit_lookup_c_interface(j, "inc", &address), KILN_ERROR_NOT_FOUND);
  EXPECT_STATUS(kiln_jit_lookup_c_interface(j, "fill", &address), KILN_OK);
  float data[4] = {0, 0, 0, 0};
  struct memref4 m = {data, data, 0, {4}, {1}};
  ((fill_fn)address)(&m, 2.5f);
  EXPECT(data[0] == 2.5f && data[1] == 0.0f);
  EXPECT_STATUS(kiln_jit_lookup(j, NULL, &address), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_jit_lookup(j, "inc", NULL), KILN_ERROR_INVALID_ARGUMENT);
  EXPECT_STATUS(kiln_jit_lookup((kiln_jit *)s, "inc", &address), KILN_ERROR_INVALID_HANDLE);
  /* The JIT outlives the session that made it. */
  EXPECT_STATUS(kiln_session_free(s), KILN_OK);
  EXPECT_STATUS(kiln_jit_lookup(j, "inc", &address), KILN_OK);
  EXPECT(((inc_fn)address)(1) == 2);
  EXPECT_STATUS(kiln_jit_free(j), KILN_OK);
  EXPECT_STATUS(kiln_jit_lookup(j, "inc", &address), KILN_ERROR_INVALID_HANDLE);
  EXPECT_STATUS(kiln_jit_free(j), KILN_ERROR_INVALID_HANDLE);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s RULES_DIR SCRATCH_DIR\n", argv[0]);
    return 2;
  }
  test_versions();
  test_null_handles();
  test_bad_handles();
  test_arguments();
  test_diagnostics();
  test_lower_and_compile(argv[2]);
  test_rules(argv[1]);
  test_jit();
  printf("api: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
