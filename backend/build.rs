//! Compiles kiln's part of MLIR's runtime (`runtime/kiln_runtime.c`) twice: prefixed, linked
//! into the crate for the JIT; under MLIR's names, as an archive executables link.
//!
//! On x86-64 Linux it also builds the loader of LLVM (`runtime/llvm_loader.c`): kiln does
//! not link libLLVM (inkwell's `no-llvm-linking`) but defines each function the library
//! exports as a trampoline bound on first use, so that a process that never generates code
//! never maps the library. The trampolines are generated from the library's own dynamic
//! symbol table, so they are the functions of the LLVM kiln was built against.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use object::{Object, ObjectSymbol, SymbolKind};

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

    // What `kiln --version` reports without loading LLVM.
    let config = llvm_config();
    let version = llvm_config_output(&config, "--version");
    let host = llvm_config_output(&config, "--host-target");
    println!("cargo:rustc-env=KILN_LLVM_VERSION={version}");
    println!("cargo:rustc-env=KILN_LLVM_HOST_TARGET={host}");

    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if os == "linux" && arch == "x86_64" {
        build_llvm_loader(&config);
    }
}

/// Fails the build with a message that says what to install.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    eprintln!(
        "  = help: kiln needs LLVM 19's shared library and llvm-config \
         (Debian: apt-get install llvm-19-dev); LLVM_SYS_191_PREFIX names its prefix"
    );
    std::process::exit(1);
}

/// The llvm-config of the LLVM llvm-sys builds against: `$LLVM_SYS_191_PREFIX`'s, else the
/// first of `llvm-config-19`, `llvm-config` on the path and Debian's location that is LLVM 19.
fn llvm_config() -> PathBuf {
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    let mut candidates = Vec::new();
    if let Some(prefix) = env::var_os("LLVM_SYS_191_PREFIX") {
        candidates.push(Path::new(&prefix).join("bin/llvm-config"));
    }
    candidates.push("llvm-config-19".into());
    candidates.push("llvm-config".into());
    candidates.push("/usr/lib/llvm-19/bin/llvm-config".into());
    for config in candidates {
        let version = Command::new(&config).arg("--version").output();
        if version.is_ok_and(|v| v.status.success() && v.stdout.starts_with(b"19.")) {
            return config;
        }
    }
    fail("no llvm-config of LLVM 19 found")
}

fn llvm_config_output(config: &Path, flag: &str) -> String {
    match Command::new(config).arg(flag).output() {
        Ok(output) if output.status.success() => {
            String::from_utf8_lossy(&output.stdout).trim().to_owned()
        }
        _ => fail(&format!("`{} {flag}` failed", config.display())),
    }
}

fn build_llvm_loader(config: &Path) {
    let libdir = PathBuf::from(llvm_config_output(config, "--libdir"));
    let link = ["libLLVM.so", "libLLVM-19.so"]
        .iter()
        .map(|name| libdir.join(name))
        .find(|path| path.exists())
        .unwrap_or_else(|| fail(&format!("no libLLVM.so in {}", libdir.display())));
    let library = fs::canonicalize(&link)
        .unwrap_or_else(|e| fail(&format!("cannot resolve {}: {e}", link.display())));
    println!("cargo:rerun-if-changed={}", library.display());
    let bytes = fs::read(&library)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", library.display())));
    let file = object::File::parse(&*bytes)
        .unwrap_or_else(|e| fail(&format!("cannot parse {}: {e}", library.display())));
    let soname = library
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or_else(|| fail(&format!("odd library name {}", library.display())))
        .to_owned();

    // The C API's functions; `LLVM_` names are llvm-sys's own wrappers of static inline ones.
    let mut names: Vec<String> = file
        .dynamic_symbols()
        .filter(|s| s.kind() == SymbolKind::Text && s.is_definition() && s.is_global())
        .filter_map(|s| s.name().ok().map(str::to_owned))
        .filter(|name| name.starts_with("LLVM") && !name.starts_with("LLVM_"))
        .collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        fail(&format!(
            "{} exports no LLVM C API functions",
            library.display()
        ));
    }

    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_else(|| fail("OUT_DIR unset")));
    fs::write(out.join("llvm_stubs.S"), trampolines(&names))
        .unwrap_or_else(|e| fail(&format!("cannot write llvm_stubs.S: {e}")));
    fs::write(
        out.join("llvm_symbols.h"),
        symbol_header(&names, &soname, &library),
    )
    .unwrap_or_else(|e| fail(&format!("cannot write llvm_symbols.h: {e}")));

    let loader = "runtime/llvm_loader.c";
    println!("cargo:rerun-if-changed={loader}");
    cc::Build::new()
        .file(loader)
        .file(out.join("llvm_stubs.S"))
        .include(&out)
        .opt_level(2)
        .cargo_metadata(false)
        .compile("kiln_llvm_loader");
    // Whole: the trampolines must resolve references from crates linked after this one
    // (llvm-sys, inkwell), which a linker scanning archives once would otherwise miss.
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static:+whole-archive=kiln_llvm_loader");
}

/// One trampoline per function, a lazy entry per function that passes its index to the
/// resolver, the resolver, and the table the trampolines jump through.
fn trampolines(names: &[String]) -> String {
    let mut s = String::from(
        "/* Generated by kiln-backend's build.rs from libLLVM's dynamic symbols. */\n\t.text\n",
    );
    for (i, name) in names.iter().enumerate() {
        let _ = write!(
            s,
            "\t.p2align 3\n\t.globl {name}\n\t.hidden {name}\n\t.type {name}, @function\n\
             {name}:\n\tjmp *kiln_llvm_table+{offset}(%rip)\n\t.size {name}, .-{name}\n",
            offset = 8 * i
        );
    }
    for i in 0..names.len() {
        let _ = write!(s, ".Llazy{i}:\n\tmovl ${i}, %r11d\n\tjmp .Lresolve\n");
    }
    // The resolver keeps every register a call may pass arguments in (rax carries the number
    // of vector registers of a variadic call), binds, and jumps to the function with the
    // caller's arguments and return address untouched. Entered with rsp = 8 mod 16, it calls
    // with rsp = 0 mod 16: rbp, eight registers and 128 bytes of vector registers.
    s.push_str(
        ".Lresolve:\n\
         \tpush %rbp\n\tmov %rsp, %rbp\n\
         \tpush %r11\n\tpush %rdi\n\tpush %rsi\n\tpush %rdx\n\tpush %rcx\n\tpush %r8\n\tpush %r9\n\tpush %rax\n\
         \tsub $128, %rsp\n",
    );
    for x in 0..8 {
        let _ = writeln!(s, "\tmovdqu %xmm{x}, {}(%rsp)", 16 * x);
    }
    s.push_str("\tmov %r11, %rdi\n\tcall kiln_llvm_bind\n\tmov %rax, -8(%rbp)\n");
    for x in 0..8 {
        let _ = writeln!(s, "\tmovdqu {}(%rsp), %xmm{x}", 16 * x);
    }
    s.push_str(
        "\tadd $128, %rsp\n\
         \tpop %rax\n\tpop %r9\n\tpop %r8\n\tpop %rcx\n\tpop %rdx\n\tpop %rsi\n\tpop %rdi\n\tpop %r11\n\
         \tpop %rbp\n\tjmp *%r11\n",
    );
    s.push_str("\n\t.data\n\t.p2align 3\n\t.globl kiln_llvm_table\n\t.hidden kiln_llvm_table\nkiln_llvm_table:\n");
    for i in 0..names.len() {
        let _ = writeln!(s, "\t.quad .Llazy{i}");
    }
    s.push_str("\t.section .note.GNU-stack,\"\",@progbits\n");
    s
}

fn symbol_header(names: &[String], soname: &str, path: &Path) -> String {
    let mut s = String::from("/* Generated by kiln-backend's build.rs. */\n");
    let _ = writeln!(s, "#define KILN_LLVM_COUNT {}", names.len());
    let _ = writeln!(s, "#define KILN_LLVM_SONAME {soname:?}");
    let _ = writeln!(s, "#define KILN_LLVM_PATH {:?}", path.display().to_string());
    s.push_str("static const char *const kiln_llvm_names[KILN_LLVM_COUNT] = {\n");
    for name in names {
        let _ = writeln!(s, "    \"{name}\",");
    }
    s.push_str("};\n");
    s
}
