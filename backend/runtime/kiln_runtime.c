/* The functions of MLIR's runtime (`libmlir_c_runner_utils`) that MLIR 19's LLVM lowering
 * calls and kiln's lowering calls alike, written for kiln. They are compiled twice by
 * `build.rs`: once under the prefix `kiln_rt_`, linked into kiln, where the JIT maps the
 * MLIR names to them when the process has not loaded MLIR's runtime; once under MLIR's
 * names, as the archive `kiln compile --emit exe|lib` links after the program's object
 * (a member is taken only where the program calls it, so MLIR's runtime linked by hand
 * still wins). Objects link MLIR's runtime themselves, as MLIR's objects do. */
#include <stdint.h>
#include <string.h>

#ifdef KILN_RT_PREFIXED
#define KILN_RT(name) kiln_rt_##name
#else
#define KILN_RT(name) name
#endif

/* An unranked memref as the lowering passes it: the rank and a pointer to the ranked
 * descriptor `{allocated, aligned, offset, sizes[rank], strides[rank]}`. */
struct kiln_unranked {
  int64_t rank;
  const void *descriptor;
};

struct kiln_descriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t extents[]; /* sizes[rank], then strides[rank] */
};

/* `memref.copy` between any layouts: every element of the source, in row-major order, to
 * the same index of the target (the two have one shape). Elements are `element_bytes`
 * long; nothing is copied when a dimension is empty. */
void KILN_RT(memrefCopy)(int64_t element_bytes, const struct kiln_unranked *source,
                         const struct kiln_unranked *target) {
  const struct kiln_descriptor *from = source->descriptor;
  const struct kiln_descriptor *to = target->descriptor;
  int64_t rank = source->rank;
  const int64_t *sizes = from->extents;
  const int64_t *from_strides = from->extents + rank;
  const int64_t *to_strides = to->extents + target->rank;
  for (int64_t d = 0; d < rank; d++)
    if (sizes[d] == 0)
      return;
  const char *read = from->aligned + from->offset * element_bytes;
  char *write = to->aligned + to->offset * element_bytes;
  if (rank == 0) {
    memcpy(write, read, (size_t)element_bytes);
    return;
  }
  /* An odometer over the indices: the innermost dimension advances first; a dimension
   * that reaches its size goes back to 0 and carries into the next outer one. */
  int64_t index[rank];
  for (int64_t d = 0; d < rank; d++)
    index[d] = 0;
  int64_t read_at = 0, write_at = 0;
  for (;;) {
    memcpy(write + write_at * element_bytes, read + read_at * element_bytes,
           (size_t)element_bytes);
    int64_t d = rank - 1;
    for (;;) {
      index[d]++;
      read_at += from_strides[d];
      write_at += to_strides[d];
      if (index[d] < sizes[d])
        break;
      read_at -= sizes[d] * from_strides[d];
      write_at -= sizes[d] * to_strides[d];
      index[d] = 0;
      if (d == 0)
        return;
      d--;
    }
  }
}
