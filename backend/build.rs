//! Compiles kiln's part of MLIR's runtime (`runtime/kiln_runtime.c`) twice: prefixed, linked
//! into the crate for the JIT; under MLIR's names, as an archive executables link.

fn main() {
    let source = "runtime/kiln_runtime.c";
    println!("cargo:rerun-if-changed={source}");
    cc::Build::new()
        .file(source)
        .define("KILN_RT_PREFIXED", None)
        .opt_level(2)
        .compile("kiln_runtime_jit");
    cc::Build::new()
        .file(source)
        .opt_level(2)
        .cargo_metadata(false)
        .compile("kiln_runtime");
}
