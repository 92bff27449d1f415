// A C++ toolchain embedding kiln through its C API (kiln.h): it opens a module, compiles
// it to an object, edits one function and compiles again (only that function is lowered
// again), then compiles the module into the process and calls its functions through
// their C interfaces.
//
// Usage: kiln-host MODULE.mlir [OUTPUT.o]

#include <kiln/kiln.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// A failed call: the status's name and kiln's message.
struct kiln_error : std::runtime_error {
  explicit kiln_error(kiln_status status)
      : std::runtime_error(std::string(kiln_status_name(status)) + ": " + kiln_last_error()) {}
};

void check(kiln_status status) {
  if (status != KILN_OK) throw kiln_error(status);
}

// Handles owned by C++ objects: freed once, when they go out of scope.
struct session_deleter {
  void operator()(kiln_session *s) const { kiln_session_free(s); }
};
struct buffer_deleter {
  void operator()(kiln_buffer *b) const { kiln_buffer_free(b); }
};
struct diagnostics_deleter {
  void operator()(kiln_diagnostics *d) const { kiln_diagnostics_free(d); }
};
struct jit_deleter {
  void operator()(kiln_jit *j) const { kiln_jit_free(j); }
};
using session_ptr = std::unique_ptr<kiln_session, session_deleter>;
using buffer_ptr = std::unique_ptr<kiln_buffer, buffer_deleter>;
using diagnostics_ptr = std::unique_ptr<kiln_diagnostics, diagnostics_deleter>;
using jit_ptr = std::unique_ptr<kiln_jit, jit_deleter>;

std::string text_of(const kiln_buffer *buffer) {
  const uint8_t *data = nullptr;
  size_t length = 0;
  check(kiln_buffer_data(buffer, &data, &length));
  return std::string(reinterpret_cast<const char *>(data), length);
}

// Prints the diagnostics as kiln renders them, when a call failed with some.
void report(kiln_status status, const kiln_diagnostics *diagnostics) {
  if (status == KILN_ERROR_DIAGNOSTICS && diagnostics != nullptr) {
    kiln_buffer *text = nullptr;
    if (kiln_diagnostics_render(diagnostics, &text) == KILN_OK) {
      buffer_ptr owned(text);
      std::fputs(text_of(text).c_str(), stderr);
    }
  }
}

// Compiles PATH to an object at -O0 and says what ran again.
std::vector<uint8_t> compile_object(kiln_session *session, const char *path) {
  kiln_buffer *code = nullptr;
  kiln_diagnostics *diagnostics = nullptr;
  kiln_status status = kiln_session_compile(session, path, KILN_EMIT_OBJECT, 0, &code, &diagnostics);
  diagnostics_ptr owned_diagnostics(diagnostics);
  report(status, diagnostics);
  check(status);
  buffer_ptr owned(code);
  const uint8_t *data = nullptr;
  size_t length = 0;
  check(kiln_buffer_data(code, &data, &length));
  kiln_work work{};
  check(kiln_session_last_work(session, &work));
  std::printf("object: %zu bytes; lowered %zu, generated %zu, units compiled %zu\n", length,
              work.lowered, work.generated, work.units);
  return std::vector<uint8_t>(data, data + length);
}

// MLIR's descriptor of a rank-1 memref, as the C interface takes it.
struct memref1d_f32 {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
};

}  // namespace

int main(int argc, char **argv) try {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MODULE.mlir [OUTPUT.o]\n", argv[0]);
    return 2;
  }
  if (kiln_api_version() != KILN_API_VERSION) {
    std::fprintf(stderr, "libkiln has API version %u; this host was built for %u\n",
                 kiln_api_version(), KILN_API_VERSION);
    return 1;
  }
  std::printf("kiln %s, C API version %u\n", kiln_version(), kiln_api_version());

  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  std::stringstream read;
  read << in.rdbuf();
  const std::string module = read.str();
  const char *path = "kernels.mlir";

  kiln_session *raw = nullptr;
  check(kiln_session_new(&raw));
  session_ptr session(raw);
  check(kiln_session_set_source(session.get(), path, module.data(), module.size()));

  kiln_diagnostics *found = nullptr;
  kiln_status checked = kiln_session_check(session.get(), path, &found);
  diagnostics_ptr owned_found(found);
  report(checked, found);
  check(checked);

  // The reflection records a runtime binds arguments with.
  kiln_buffer *records = nullptr;
  check(kiln_session_abi(session.get(), path, KILN_ABI_JSON, &records, nullptr));
  buffer_ptr owned_records(records);
  std::printf("records:\n%s", text_of(records).c_str());

  std::vector<uint8_t> object = compile_object(session.get(), path);
  if (argc > 2) {
    check(kiln_session_compile_to_file(session.get(), path, KILN_EMIT_OBJECT, 0, argv[2], nullptr));
    std::printf("wrote %s\n", argv[2]);
  }

  // An edit of one function, by byte range as an editor sends it: @offset adds 32.
  const std::string before = "arith.constant 10 : i64";
  const size_t at = module.find(before);
  if (at == std::string::npos) throw std::runtime_error("the module has no `constant 10`");
  const std::string after = "arith.constant 32 : i64";
  check(kiln_session_edit_source(session.get(), path, at, at + before.size(), after.data(),
                                 after.size()));
  std::vector<uint8_t> edited = compile_object(session.get(), path);
  kiln_work work{};
  check(kiln_session_last_work(session.get(), &work));
  if (work.lowered != 1) throw std::runtime_error("the edit lowered more than @offset");

  // Into the process, and called.
  kiln_jit *raw_jit = nullptr;
  check(kiln_jit_new(session.get(), path, 2, &raw_jit, nullptr));
  jit_ptr jit(raw_jit);
  void *address = nullptr;
  check(kiln_jit_lookup_c_interface(jit.get(), "offset", &address));
  auto offset = reinterpret_cast<int64_t (*)(int64_t)>(address);
  std::printf("offset(5) = %lld\n", static_cast<long long>(offset(5)));

  std::vector<float> data = {1.0f, 2.0f, 3.5f, -4.0f};
  memref1d_f32 x{data.data(), data.data(), 0, {static_cast<int64_t>(data.size())}, {1}};
  check(kiln_jit_lookup_c_interface(jit.get(), "scale", &address));
  auto scale = reinterpret_cast<void (*)(float, memref1d_f32 *)>(address);
  scale(2.0f, &x);
  check(kiln_jit_lookup_c_interface(jit.get(), "sum", &address));
  auto sum = reinterpret_cast<float (*)(memref1d_f32 *)>(address);
  std::printf("scale(2, x) = [%g, %g, %g, %g]; sum(x) = %g\n", data[0], data[1], data[2],
              data[3], sum(&x));
  return offset(5) == 37 && sum(&x) == 5.0f ? 0 : 1;
} catch (const std::exception &e) {
  std::fprintf(stderr, "kiln-host: %s\n", e.what());
  return 1;
}
