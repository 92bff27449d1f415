/*
 * A host written against API version 1 of kiln.h, kept exactly as it was released: every
 * later header with KILN_API_VERSION 1 must compile it unchanged and the library must run
 * it (scripts/capi-test.sh does both). A change that breaks this file breaks hosts in the
 * field: it needs a new API version instead.
 */

#include <kiln/kiln.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    kiln_status status_ = (call);                                                \
    if (status_ != KILN_OK) {                                                    \
      fprintf(stderr, "%s: %s: %s\n", #call, kiln_status_name(status_),          \
              kiln_last_error());                                                \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

static const char MODULE[] =
    "func.func @offset(%x: i64) -> i64 attributes {llvm.emit_c_interface} {\n"
    "  %c = arith.constant 10 : i64\n"
    "  %y = arith.addi %x, %c : i64\n"
    "  func.return %y : i64\n"
    "}\n";

int main(void) {
#if KILN_API_VERSION != 1
#error "this host was written for API version 1"
#endif
  if (kiln_api_version() != KILN_API_VERSION) return 1;
  kiln_session *session = NULL;
  CHECK(kiln_session_new(&session));
  CHECK(kiln_session_set_target(session, NULL, NULL));
  CHECK(kiln_session_set_c_interface(session, false));
  CHECK(kiln_session_set_bare_pointers(session, false));
  CHECK(kiln_session_set_source(session, "m.mlir", MODULE, strlen(MODULE)));

  kiln_diagnostics *diagnostics = NULL;
  CHECK(kiln_session_check(session, "m.mlir", &diagnostics));
  size_t count = 1;
  CHECK(kiln_diagnostics_count(diagnostics, &count));
  CHECK(kiln_diagnostics_free(diagnostics));

  kiln_buffer *code = NULL;
  CHECK(kiln_session_compile(session, "m.mlir", KILN_EMIT_OBJECT, 0, &code, NULL));
  const uint8_t *data = NULL;
  size_t length = 0;
  CHECK(kiln_buffer_data(code, &data, &length));
  CHECK(kiln_buffer_free(code));

  size_t at = (size_t)(strstr(MODULE, "10 : i64") - MODULE);
  CHECK(kiln_session_edit_source(session, "m.mlir", at, at + 2, "32", 2));
  CHECK(kiln_session_compile(session, "m.mlir", KILN_EMIT_OBJECT, 0, &code, NULL));
  CHECK(kiln_buffer_free(code));
  kiln_work work;
  CHECK(kiln_session_last_work(session, &work));

  kiln_jit *jit = NULL;
  CHECK(kiln_jit_new(session, "m.mlir", 0, &jit, NULL));
  void *address = NULL;
  CHECK(kiln_jit_lookup_c_interface(jit, "offset", &address));
  int64_t (*offset)(int64_t);
  memcpy(&offset, &address, sizeof offset); /* POSIX: a code address as a data pointer */
  int64_t result = offset(5);
  CHECK(kiln_jit_free(jit));
  CHECK(kiln_session_free(session));

  printf("v1 host: object of %zu bytes, %zu function lowered after the edit, offset(5) = %lld\n",
         length, work.lowered, (long long)result);
  return count == 0 && work.lowered == 1 && result == 37 ? 0 : 1;
}
