//! The LLVM backend through the CLI, one test per case or file:
//! - `ll/<program>`, `mlir-llvm-golden/<program>`: `kiln compile --emit llvm-ir -O0` and
//!   `--emit mlir-llvm` of every corpus program give exactly `tests/golden/ll/<program>.ll`
//!   and `tests/golden/mlir-llvm/<program>.mlir`; `KILN_BLESS=1` rewrites the golden files.
//! - `c-interop/<name>`: `tests/c/<name>.c` calls the program's functions from C.
//! - determinism, other targets, `-O2`, linking with C (`cc`), executables, shared libraries.

mod common;

use common::{corpus_programs, kiln, root};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use std::process::{Command, Output};

fn ok(o: &Output) -> Result<String, Failed> {
    let e = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() || e.contains("panicked") {
        return Err(format!("kiln failed ({:?}):\n{e}", o.status.code()).into());
    }
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// `kiln compile --emit EMIT` of a corpus program against `tests/golden/DIR/<program>.EXT`.
fn golden_trial(name: String, emit: &str, dir: &str, ext: &str) -> Result<(), Failed> {
    let rel = format!("corpus/{name}");
    let o = kiln(&[
        "compile",
        "--color",
        "never",
        "--emit",
        emit,
        "-O0",
        "--target",
        "x86_64-unknown-linux-gnu",
        &rel,
    ]);
    let e = String::from_utf8_lossy(&o.stderr);
    if e.contains("panicked") {
        return Err(format!("kiln panicked:\n{e}").into());
    }
    let text = if o.status.success() {
        String::from_utf8_lossy(&o.stdout).into_owned()
    } else {
        e.lines()
            .filter(|l| l.starts_with("[") || l.starts_with("error"))
            .map(|l| format!("; {l}\n"))
            .collect()
    };
    let golden = root()
        .join("tests/golden")
        .join(dir)
        .join(format!("{name}.{ext}"));
    Ok(common::golden(&golden, &text)?)
}

const OPT: &str = "/usr/lib/llvm-19/bin/opt";

/// The linked per-function LLVM IR (the `ll/` golden, which `ll/` checks is kiln's output)
/// is exactly what LLVM prints for the module it describes: `opt-19 -S` reads it and
/// prints it back unchanged, but for the `; preds =` comments, whose order follows use
/// lists that reading text does not preserve.
fn ll_is_llvms_own_print(name: String) -> Result<(), Failed> {
    let golden = root().join("tests/golden/ll").join(format!("{name}.ll"));
    let o = Command::new(OPT).arg("-S").arg(&golden).output()?;
    if !o.status.success() {
        return Err(format!(
            "opt-19 rejected it:\n{}",
            String::from_utf8_lossy(&o.stderr)
        )
        .into());
    }
    let normal = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.starts_with("; ModuleID"))
            .map(|l| l.split("; preds =").next().unwrap_or(l).trim_end())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let ours = std::fs::read_to_string(&golden)?;
    let llvm = String::from_utf8_lossy(&o.stdout);
    if normal(&ours) != normal(&llvm) {
        return Err(format!("LLVM prints it differently:\n{llvm}").into());
    }
    Ok(())
}

fn deterministic() -> Result<(), Failed> {
    for emit in ["llvm-ir", "asm", "obj"] {
        let dir = tempfile::tempdir()?;
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        for p in [&a, &b] {
            ok(&kiln(&[
                "compile",
                "corpus/loops.mlir",
                "--emit",
                emit,
                "-O2",
                "-o",
                p.to_str().unwrap_or_default(),
            ]))?;
        }
        if std::fs::read(&a)? != std::fs::read(&b)? {
            return Err(format!("--emit {emit} differs between two runs").into());
        }
    }
    Ok(())
}

fn elf_machine(path: &Path) -> Result<u16, Failed> {
    let bytes = std::fs::read(path)?;
    if bytes.len() < 20 || &bytes[..4] != b"\x7fELF" {
        return Err("not an ELF file".into());
    }
    Ok(u16::from_le_bytes([bytes[18], bytes[19]]))
}

fn targets() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    for (triple, machine) in [
        ("x86_64-unknown-linux-gnu", 62u16),
        ("aarch64-unknown-linux-gnu", 183),
    ] {
        let out = dir.path().join(format!("{triple}.o"));
        ok(&kiln(&[
            "compile",
            "corpus/loops.mlir",
            "--target",
            triple,
            "-O2",
            "-o",
            out.to_str().unwrap_or_default(),
        ]))?;
        let m = elf_machine(&out)?;
        if m != machine {
            return Err(format!("{triple}: ELF machine {m}, expected {machine}").into());
        }
    }
    let o = kiln(&[
        "compile",
        "corpus/loops.mlir",
        "--target",
        "nonsense-none",
        "-o",
        "x.o",
    ]);
    if o.status.code() != Some(2) || !String::from_utf8_lossy(&o.stderr).contains("unknown target")
    {
        return Err("an unknown target must be a clear error".into());
    }
    if root().join("x.o").exists() {
        return Err("no output file on error".into());
    }
    Ok(())
}

fn optimized() -> Result<(), Failed> {
    let o0 = ok(&kiln(&[
        "compile",
        "corpus/loops.mlir",
        "--emit",
        "llvm-ir",
        "-O0",
    ]))?;
    let o2 = ok(&kiln(&[
        "compile",
        "corpus/loops.mlir",
        "--emit",
        "llvm-ir",
        "-O2",
    ]))?;
    // default<O2> infers attributes (and here vectorizes the factorial loop).
    if !o0.contains("phi") || o0.contains("nounwind") || !o2.contains("nounwind") {
        return Err("-O2 should run LLVM's default<O2> pipeline".into());
    }
    Ok(())
}

const C_MAIN: &str = r#"
#include <stdio.h>
#include <stdint.h>
int64_t factorial(int64_t);
int32_t gcd(int32_t, int32_t);
double grade(int32_t, double);
int main(void) {
    printf("%ld %d %g %g\n", (long)factorial(5), gcd(48, 18), grade(2, 3.0), grade(5, 1.0));
    return 0;
}
"#;

/// Links the C file `c` with `obj` into the executable `exe` with the system `cc`.
fn cc_link(c: &Path, obj: &Path, exe: &Path) -> Result<(), Failed> {
    let cc = Command::new("cc")
        .arg(c)
        .arg(obj)
        .arg("-o")
        .arg(exe)
        .output()?;
    if !cc.status.success() {
        return Err(format!("cc failed: {}", String::from_utf8_lossy(&cc.stderr)).into());
    }
    Ok(())
}

/// What the program `c` linked with `obj` (into `exe`) prints.
fn printed_by(c: &Path, obj: &Path, exe: &Path) -> Result<String, Failed> {
    cc_link(c, obj, exe)?;
    let out = Command::new(exe).output()?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Links `C_MAIN` with an object of `corpus/loops.mlir` and checks what it prints.
fn run_c_main(dir: &Path, obj: &Path) -> Result<(), Failed> {
    let c = dir.join("main.c");
    std::fs::write(&c, C_MAIN)?;
    let text = printed_by(&c, obj, &dir.join("main"))?;
    if text != "120 6 9 -1\n" {
        return Err(format!("C program printed {text:?}").into());
    }
    Ok(())
}

fn links_with_c() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let obj = dir.path().join("loops.o");
    ok(&kiln(&[
        "compile",
        "corpus/loops.mlir",
        "-O2",
        "-o",
        obj.to_str().unwrap_or_default(),
    ]))?;
    run_c_main(dir.path(), &obj)
}

fn exe_and_lib() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let src = dir.path().join("main.mlir");
    std::fs::write(
        &src,
        "func.func @main() -> i32 {\n  %a = arith.constant 40 : i32\n  %b = arith.constant 2 : i32\n  %c = arith.addi %a, %b : i32\n  func.return %c : i32\n}\n",
    )?;
    let exe = dir.path().join("main");
    ok(&kiln(&[
        "compile",
        src.to_str().unwrap_or_default(),
        "--emit",
        "exe",
        "-o",
        exe.to_str().unwrap_or_default(),
    ]))?;
    let status = Command::new(&exe).status()?;
    if status.code() != Some(42) {
        return Err(format!("the executable exited with {status:?}").into());
    }
    let lib = dir.path().join("libloops.so");
    ok(&kiln(&[
        "compile",
        "corpus/loops.mlir",
        "--emit",
        "lib",
        "-o",
        lib.to_str().unwrap_or_default(),
    ]))?;
    elf_machine(&lib)?;
    let o = kiln(&["compile", "corpus/loops.mlir", "--emit", "obj"]);
    if o.status.code() != Some(2) {
        return Err("--emit obj without -o is a usage error".into());
    }
    Ok(())
}

/// An object made of many units (`-O0`) and one optimized and compiled in parts that import
/// each other's small functions (`-O2`, `kiln_backend::object::thin`: the chain is long enough for
/// several) both link with C and
/// compute the same sum; the joined object has every function defined once and nothing
/// undefined but the C library's `malloc` and `free`.
fn object_units_link_with_c() -> Result<(), Failed> {
    let n = kiln_backend::object::thin::MIN_FUNCTIONS + 100;
    let dir = tempfile::tempdir()?;
    let src = dir.path().join("units.mlir");
    std::fs::write(&src, common::chain_program(n, None))?;
    let c = dir.path().join("main.c");
    let (last, middle) = (n - 1, n / 2);
    std::fs::write(
        &c,
        format!("#include <stdio.h>\ndouble f{last}(double);\ndouble f{middle}(double);\nint main(void) {{\n  printf(\"%.2f %.2f\\n\", f{last}(0.0), f{middle}(1.0));\n  return 0;\n}}\n"),
    )?;
    // f_n(y) = y + 0.5 + 1 + sum over 1..=n of (i + 0.25)
    let expect = |n: usize, y: f64| y + 1.5 + (1..=n).map(|i| i as f64 + 0.25).sum::<f64>();
    let want = format!("{:.2} {:.2}\n", expect(last, 0.0), expect(middle, 1.0));
    for opt in ["-O0", "-O2"] {
        let obj = dir.path().join(format!("units{opt}.o"));
        ok(&kiln(&[
            "compile",
            src.to_str().unwrap_or_default(),
            opt,
            "-o",
            obj.to_str().unwrap_or_default(),
        ]))?;
        let syms = Command::new("nm").arg(&obj).output()?;
        let syms = String::from_utf8_lossy(&syms.stdout);
        let defined = syms.lines().filter(|l| l.contains(" T ")).count();
        let undefined: Vec<&str> = syms.lines().filter(|l| l.contains(" U ")).collect();
        // At -O2 the buffers are optimized away, and with them `malloc` and `free`.
        let libc = undefined
            .iter()
            .all(|l| l.ends_with(" malloc") || l.ends_with(" free"));
        if defined != n + 1 || !libc || (opt == "-O0" && undefined.len() != 2) {
            return Err(
                format!("{opt}: {defined} functions defined, undefined: {undefined:?}").into(),
            );
        }
        let exe = dir.path().join(format!("main{opt}"));
        let text = printed_by(&c, &obj, &exe)
            .map_err(|e| format!("{opt}: {}", e.message().unwrap_or_default()))?;
        if text != want {
            return Err(format!("{opt}: printed {text:?}, expected {want:?}").into());
        }
    }
    Ok(())
}

/// A large program whose functions pass `i8` sign-extended (`signext` on each parameter and
/// result) is optimized in parts, each part declaring the callees of other parts with their
/// attributes (`kiln_backend::object::thin`): linked with C, every sign survives every call.
fn attributed_object_in_parts_links_with_c() -> Result<(), Failed> {
    let n = kiln_backend::object::thin::MIN_FUNCTIONS + 40;
    let mut text = String::from(
        "func.func @s0(%x: i8 {llvm.signext}) -> (i32 {llvm.signext}) {\n  %w = arith.extsi %x : i8 to i32\n  return %w : i32\n}\n",
    );
    for i in 1..n {
        // Each function adds 1 and, every seventh, halves the value through `i8` again.
        let step = if i % 7 == 0 {
            "  %h = arith.trunci %r : i32 to i8\n  %a = arith.extsi %h : i8 to i32\n"
        } else {
            "  %a = arith.addi %r, %r : i32\n"
        };
        text.push_str(&format!(
            "\nfunc.func @s{i}(%x: i8 {{llvm.signext}}) -> (i32 {{llvm.signext}}) {{\n  %r = func.call @s{}(%x) : (i8) -> i32\n{step}  %one = arith.constant 1 : i32\n  %b = arith.subi %a, %r : i32\n  %c = arith.addi %b, %one : i32\n  return %c : i32\n}}\n",
            i - 1
        ));
    }
    // s_i(x) = s_(i-1)(x) + 1, every seventh through i8.
    let expect = |x: i64, last: usize| -> i64 {
        (1..=last).fold(x, |v, i| {
            let a = if i % 7 == 0 {
                i64::from(v as i8)
            } else {
                v + v
            };
            a - v + 1
        })
    };
    let dir = tempfile::tempdir()?;
    let src = dir.path().join("signs.mlir");
    std::fs::write(&src, text)?;
    let obj = dir.path().join("signs.o");
    ok(&kiln(&[
        "compile",
        src.to_str().unwrap_or_default(),
        "-O2",
        "-o",
        obj.to_str().unwrap_or_default(),
    ]))?;
    let c = dir.path().join("main.c");
    let last = n - 1;
    std::fs::write(
        &c,
        format!("#include <stdio.h>\nint s{last}(signed char);\nint s100(signed char);\nint main(void) {{\n  printf(\"%d %d\\n\", s{last}(-5), s100(-128));\n  return 0;\n}}\n"),
    )?;
    let printed = printed_by(&c, &obj, &dir.path().join("main"))?;
    let want = format!("{} {}\n", expect(-5, last), expect(-128, 100));
    if printed != want {
        return Err(format!("printed {printed:?}, expected {want:?}").into());
    }
    Ok(())
}

const MLIR_TRANSLATE: &str = "/usr/lib/llvm-19/bin/mlir-translate";
const LLC: &str = "/usr/lib/llvm-19/bin/llc";

fn mlir_tools() -> bool {
    Path::new(MLIR_TRANSLATE).exists() && Path::new(LLC).exists()
}

/// `--emit mlir-llvm` output of a program that lowers is accepted by `mlir-translate-19`.
fn mlir_llvm_trial(name: String) -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("out.mlir");
    let o = kiln(&[
        "compile",
        &format!("corpus/{name}"),
        "--emit",
        "mlir-llvm",
        "-o",
        out.to_str().unwrap_or_default(),
    ]);
    if String::from_utf8_lossy(&o.stderr).contains("panicked") {
        return Err("kiln panicked".into());
    }
    if !o.status.success() {
        return Err(format!(
            "kiln cannot emit mlir-llvm:\n{}",
            String::from_utf8_lossy(&o.stderr)
        )
        .into());
    }
    let t = Command::new(MLIR_TRANSLATE)
        .arg("--mlir-to-llvmir")
        .arg(&out)
        .output()?;
    if !t.status.success() {
        return Err(format!(
            "mlir-translate-19 rejected kiln's LLVM dialect:\n{}\n{}",
            String::from_utf8_lossy(&t.stderr),
            std::fs::read_to_string(&out)?
        )
        .into());
    }
    Ok(())
}

/// The function lines of LLVM IR that a program defines or declares itself: every
/// `define`, and each `declare` of a function the source declares (`func.func private
/// @f(...)`), without attribute-group references. The helpers each lowering calls
/// (`malloc`, intrinsics) are its own choice and not compared.
fn own_signatures(ll: &str, source: &str) -> Vec<String> {
    let mut lines: Vec<String> = ll
        .lines()
        .filter(|l| {
            l.starts_with("define ")
                || (l.starts_with("declare ")
                    && l.split_once(" @")
                        .and_then(|(_, r)| r.split_once('('))
                        .is_some_and(|(name, _)| {
                            source.contains(&format!("func.func private @{name}("))
                                || source.contains(&format!("func.func private @\"{name}\"("))
                        }))
        })
        .map(|l| {
            let l = l.trim_end_matches(" {");
            match l.rfind(" #") {
                Some(i) if l[i + 2..].bytes().all(|b| b.is_ascii_digit()) => l[..i].to_string(),
                _ => l.to_string(),
            }
        })
        .collect();
    lines.sort();
    lines
}

/// Each function kiln defines, and each function the program declares, has exactly the
/// LLVM signature MLIR 19's pipeline gives it: linkage, types, and parameter and return
/// attributes.
fn signatures_trial(name: String) -> Result<(), Failed> {
    let source = std::fs::read_to_string(root().join("corpus").join(&name))?;
    let ours = ok(&kiln(&[
        "compile",
        &format!("corpus/{name}"),
        "--emit",
        "llvm-ir",
        "-o",
        "-",
    ]))?;
    // MLIR reads the modern syntax kiln prints, without the functions that hold kiln's
    // generic operations (external calls in kiln, unregistered operations to MLIR) and
    // those a `// mlir-19-differs: @f` line names (MLIR 19's lowering of them is wrong or
    // fails).
    let mut module = kiln_frontend::check_module(&source).module;
    let differs: Vec<&str> = source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// mlir-19-differs:"))
        .filter_map(|l| l.split_whitespace().next())
        .map(|e| e.trim_start_matches('@'))
        .collect();
    let generic = |f: &kiln_frontend::ir::Function| {
        differs.contains(&f.name.as_str())
            || f.body.iter().flat_map(|b| &b.blocks).any(|b| {
                b.ops
                    .iter()
                    .any(|op| matches!(op.kind, kiln_frontend::ir::OpKind::Generic { .. }))
            })
    };
    let dropped: Vec<String> = module
        .functions
        .iter()
        .filter(|f| generic(f))
        .map(|f| f.name.clone())
        .collect();
    module.functions.retain(|f| !generic(f));
    let printed = kiln_frontend::print_module(&module);
    let theirs = kiln::reference::mlir_llvm_ir(&printed)
        .map_err(|e| format!("MLIR 19's pipeline fails:\n{e}"))?;
    let mut ours = own_signatures(&ours, &printed);
    ours.retain(|l| !dropped.iter().any(|d| l.contains(&format!(" @{d}("))));
    let theirs = own_signatures(&theirs, &printed);
    if ours != theirs {
        return Err(format!(
            "kiln's signatures:\n{}\nMLIR 19's:\n{}",
            ours.join("\n"),
            theirs.join("\n")
        )
        .into());
    }
    Ok(())
}

/// kiln's LLVM dialect, translated and compiled by MLIR/LLVM 19's own tools, links with C
/// and computes what kiln's own object computes.
fn mlir_llvm_links_with_c() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let mlir = dir.path().join("loops.mlir");
    ok(&kiln(&[
        "compile",
        "corpus/loops.mlir",
        "--emit",
        "mlir-llvm",
        "-o",
        mlir.to_str().unwrap_or_default(),
    ]))?;
    let ll = dir.path().join("loops.ll");
    let t = Command::new(MLIR_TRANSLATE)
        .arg("--mlir-to-llvmir")
        .arg(&mlir)
        .arg("-o")
        .arg(&ll)
        .output()?;
    if !t.status.success() {
        return Err(String::from_utf8_lossy(&t.stderr).into_owned().into());
    }
    let obj = dir.path().join("loops.o");
    let l = Command::new(LLC)
        .args(["-O2", "-filetype=obj", "-relocation-model=pic"])
        .arg(&ll)
        .arg("-o")
        .arg(&obj)
        .output()?;
    if !l.status.success() {
        return Err(String::from_utf8_lossy(&l.stderr).into_owned().into());
    }
    run_c_main(dir.path(), &obj)
}

/// How a C program's run must end.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// Exit 0 printing `ok`.
    Ok,
    /// Killed by a signal (a stack overflow): what MLIR 19's lowering does to a program
    /// marked `// mlir-overflows:`.
    Overflow,
}

/// Compiles `tests/c/NAME.c` with an object of `corpus/NAME.mlir` (or the program its
/// `// corpus: PATH` first line names) and runs it under a stack limit of 1 MiB (or the KiB
/// its `// stack: N` line gives). `via_mlir`: the object comes from MLIR 19's lowering
/// (mlir-opt, mlir-translate, llc) instead of kiln's.
fn c_interop_trial(name: String, opt: &str, via_mlir: bool, expect: Expect) -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let obj = dir.path().join(format!("{name}.o"));
    let c_text = std::fs::read_to_string(root().join("tests/c").join(format!("{name}.c")))?;
    let src = match c_text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// corpus: "))
    {
        Some(p) => format!("corpus/{}", p.trim()),
        None => format!("corpus/{name}.mlir"),
    };
    if via_mlir {
        let text = std::fs::read_to_string(root().join(&src))?;
        let ir = kiln::reference::mlir_llvm_ir(&text)?;
        let ll = dir.path().join(format!("{name}.ll"));
        std::fs::write(&ll, ir)?;
        let o = Command::new(LLC)
            .args([opt, "-filetype=obj", "-relocation-model=pic"])
            .arg(&ll)
            .arg("-o")
            .arg(&obj)
            .output()?;
        if !o.status.success() {
            return Err(format!("llc failed: {}", String::from_utf8_lossy(&o.stderr)).into());
        }
    } else {
        ok(&kiln(&[
            "compile",
            &src,
            opt,
            "-o",
            obj.to_str().unwrap_or_default(),
        ]))?;
    }
    let exe = dir.path().join(&name);
    cc_link(
        &root().join("tests/c").join(format!("{name}.c")),
        &obj,
        &exe,
    )?;
    let stack_kib: u32 = c_text
        .lines()
        .find_map(|l| l.strip_prefix("// stack: "))
        .map(|n| n.trim().parse())
        .transpose()?
        .unwrap_or(1024);
    let run = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -s {stack_kib} && exec \"$0\""))
        .arg(&exe)
        .output()?;
    let out = String::from_utf8_lossy(&run.stdout);
    if expect == Expect::Overflow {
        use std::os::unix::process::ExitStatusExt;
        return match run.status.signal() {
            Some(_) => Ok(()),
            None => Err(format!(
                "MLIR 19's lowering was expected to overflow a {stack_kib} KiB stack but ended \
                 with {:?}: {out}",
                run.status
            )
            .into()),
        };
    }
    if !run.status.success() || out != "ok\n" {
        return Err(format!(
            "the C program failed ({:?}): {out}{}",
            run.status,
            String::from_utf8_lossy(&run.stderr)
        )
        .into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for (_, name) in corpus_programs() {
        let n = name.clone();
        trials.push(Trial::test(format!("ll/{name}"), move || {
            golden_trial(n, "llvm-ir", "ll", "ll")
        }));
        let n = name.clone();
        let skip = !Path::new(OPT).exists() && std::env::var_os("KILN_REQUIRE_MLIR").is_none();
        trials.push(
            Trial::test(format!("ll-is-llvms-own-print/{name}"), move || {
                ll_is_llvms_own_print(n)
            })
            .with_ignored_flag(skip),
        );
        let n = name.clone();
        trials.push(Trial::test(format!("mlir-llvm-golden/{name}"), move || {
            golden_trial(n, "mlir-llvm", "mlir-llvm", "mlir")
        }));
        let skip = !mlir_tools() && std::env::var_os("KILN_REQUIRE_MLIR").is_none();
        let n = name.clone();
        trials.push(
            Trial::test(format!("signatures-as-mlir/{name}"), move || {
                signatures_trial(n)
            })
            .with_ignored_flag(
                !kiln::reference::available() && std::env::var_os("KILN_REQUIRE_MLIR").is_none(),
            ),
        );
        trials.push(
            Trial::test(format!("mlir-llvm/{name}"), move || mlir_llvm_trial(name))
                .with_ignored_flag(skip),
        );
    }
    for c in common::files(&root().join("tests/c"), "c", "") {
        let name = c
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&c).unwrap_or_default();
        for opt in ["-O0", "-O2"] {
            let n = name.clone();
            trials.push(Trial::test(format!("c-interop/{name}{opt}"), move || {
                c_interop_trial(n, opt, false, Expect::Ok)
            }));
        }
        // A program MLIR 19's lowering overflows the stack on says so (`// mlir-overflows:`).
        if text.contains("// mlir-overflows:") {
            let n = name.clone();
            let skip = !mlir_tools() && std::env::var_os("KILN_REQUIRE_MLIR").is_none();
            trials.push(
                Trial::test(format!("c-interop/{name}-via-mlir-overflows"), move || {
                    c_interop_trial(n, "-O0", true, Expect::Overflow)
                })
                .with_ignored_flag(skip),
            );
        }
        // A program may state why MLIR 19's lowering cannot pass it (`// mlir: ...`).
        if !text.contains("// mlir:") && !text.contains("// mlir-overflows:") {
            let n = name.clone();
            let skip = !mlir_tools() && std::env::var_os("KILN_REQUIRE_MLIR").is_none();
            trials.push(
                Trial::test(format!("c-interop/{name}-via-mlir"), move || {
                    c_interop_trial(n, "-O0", true, Expect::Ok)
                })
                .with_ignored_flag(skip),
            );
        }
    }
    trials.push(Trial::test("deterministic-llvm-ir-asm-obj", deterministic));
    trials.push(Trial::test("targets-x86-64-and-aarch64", targets));
    trials.push(Trial::test("o2-optimizes", optimized));
    trials.push(Trial::test("object-links-with-c", links_with_c));
    trials.push(Trial::test(
        "object-of-many-units-links-with-c",
        object_units_link_with_c,
    ));
    trials.push(Trial::test(
        "attributed-object-in-parts-links-with-c",
        attributed_object_in_parts_links_with_c,
    ));
    trials.push(Trial::test("exe-and-shared-lib", exe_and_lib));
    let skip = !mlir_tools() && std::env::var_os("KILN_REQUIRE_MLIR").is_none();
    trials.push(
        Trial::test(
            "mlir-llvm-through-mlir-translate-links-with-c",
            mlir_llvm_links_with_c,
        )
        .with_ignored_flag(skip),
    );
    libtest_mimic::run(&args, trials).exit();
}
