/* Loads LLVM 19's shared library the first time kiln calls into it.
 *
 * The build (backend/build.rs) defines every function libLLVM exports under the C API's
 * names as a one-instruction trampoline, `jmp *kiln_llvm_table[i]`. Each table entry starts
 * at a resolver that saves the argument registers and calls `kiln_llvm_bind`, which opens
 * the library once (dlopen, RTLD_NOW | RTLD_GLOBAL), fills the whole table with dlsym and
 * returns the function asked for. A process that never generates code (`kiln lower`,
 * `check`, `fmt`, the language server) never maps LLVM: about 45 MiB of text, relocated
 * data and the libraries it pulls in. */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "llvm_symbols.h" /* KILN_LLVM_COUNT, kiln_llvm_names, KILN_LLVM_SONAME, KILN_LLVM_PATH */

extern void *kiln_llvm_table[];

static pthread_once_t kiln_llvm_once = PTHREAD_ONCE_INIT;
static unsigned char kiln_llvm_bound[KILN_LLVM_COUNT];

/* RTLD_GLOBAL, as a linked library is: the JIT binds compiled code's calls (`sinf`,
 * `memrefCopy`) through the process's global scope, which then holds the libraries LLVM
 * needs (the C math library among them) as it did when kiln linked LLVM. */
static void kiln_llvm_load(void) {
    void *library = dlopen(KILN_LLVM_SONAME, RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL) {
        library = dlopen(KILN_LLVM_PATH, RTLD_NOW | RTLD_GLOBAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        fprintf(stderr,
                "error: kiln cannot load LLVM 19 (%s, or %s where kiln was built): %s\n"
                "  = help: install the LLVM 19 library (Debian: apt-get install libllvm19)\n",
                KILN_LLVM_SONAME, KILN_LLVM_PATH, reason != NULL ? reason : "not found");
        exit(1);
    }
    for (size_t i = 0; i < KILN_LLVM_COUNT; i++) {
        void *function = dlsym(library, kiln_llvm_names[i]);
        if (function != NULL) {
            kiln_llvm_table[i] = function;
            kiln_llvm_bound[i] = 1;
        }
    }
}

/* Called by the resolver with the index of the function called; returns its address. */
__attribute__((visibility("hidden"))) void *kiln_llvm_bind(size_t index) {
    pthread_once(&kiln_llvm_once, kiln_llvm_load);
    if (!kiln_llvm_bound[index]) {
        fprintf(stderr,
                "error: the LLVM library kiln loaded as %s has no function %s\n"
                "  = help: LD_LIBRARY_PATH may name another library of that name; kiln was "
                "built against %s\n",
                KILN_LLVM_SONAME, kiln_llvm_names[index], KILN_LLVM_PATH);
        exit(1);
    }
    return kiln_llvm_table[index];
}
