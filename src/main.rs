//! The `kiln` command line.

use clap::{Parser, Subcommand, ValueEnum};
use kiln::report::{emit, ErrorFormat};
use kiln::{check_source, format_file, Database, Diagnostic};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

// Lowering allocates and frees many small e-graph nodes, vectors and terms on every thread;
// mimalloc's thread-local free lists make that markedly cheaper than glibc's malloc (see
// BENCHMARKS.md, "Lowering memref-heavy code").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "kiln",
    version = version(),
    about = "Lowers an MLIR subset (func, arith, cf, memref) to native code with declarative rewrite rules and an e-graph"
)]
struct Cli {
    /// How to print diagnostics.
    #[arg(long, global = true, value_enum, default_value = "human")]
    error_format: ErrorFormat,
    /// Colour in human diagnostics.
    #[arg(long, global = true, value_enum, default_value = "auto")]
    color: Color,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and verify files; print every diagnostic; exit 1 if any is an error.
    Check {
        /// Input files (`-` for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print a file in modern MLIR syntax (after checking it).
    Fmt {
        /// Input file (`-` for standard input).
        file: PathBuf,
        /// Write here instead of standard output (atomically; nothing is written on error).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Lower a file with the rules: encode each function in an e-graph, saturate the rule
    /// phases, extract and elaborate.
    Lower {
        /// Input file (`-` for standard input).
        file: PathBuf,
        /// What to print: the lowered LLVM-level form, or the final e-graph as Graphviz.
        #[arg(long, value_enum, default_value = "lowered")]
        emit: LowerEmit,
        /// Write here instead of standard output (atomically). With `--emit egraph`, an
        /// `.svg` is written beside it when Graphviz's `dot` is installed.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Only this function (`@` optional).
        #[arg(long)]
        func: Option<String>,
        #[command(flatten)]
        rules: RulesArg,
        /// Print per-phase statistics (iterations, nodes, classes, time, stop reason, rule
        /// applications) to standard error.
        #[arg(long)]
        stats: bool,
    },
    /// Print egg's explanation of how each root of a function became its lowered form.
    Explain {
        file: PathBuf,
        /// The function to explain (`@` optional).
        #[arg(long)]
        func: String,
        #[command(flatten)]
        rules: RulesArg,
        /// Refuse to explain e-graphs larger than this many nodes.
        #[arg(long, default_value_t = 20_000)]
        explain_limit: usize,
    },
    /// Compile a file to LLVM IR, assembly, an object, a shared library or an executable.
    Compile {
        /// Input file (`-` for standard input).
        file: PathBuf,
        /// What to write (default: what the output's extension implies — `.ll`, `.s`,
        /// `.o`, `.so` — else an object); a kind that contradicts the extension is refused.
        #[arg(long, value_enum)]
        emit: Option<CompileEmit>,
        /// Output file (written atomically; required for obj, lib and exe).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Optimization level: the new pass manager's `default<On>` pipeline.
        #[arg(short = 'O', default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=3))]
        opt: u8,
        /// Target triple (default: the host), e.g. `aarch64-unknown-linux-gnu`.
        #[arg(long)]
        target: Option<String>,
        /// Target CPU (default: the target's generic baseline, so output is the same on every
        /// machine; `native` for the host's CPU and features).
        #[arg(long)]
        cpu: Option<String>,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// Print each public function's ABI: its reflection record (given by `iree.abi` /
    /// `iree.reflection`, or derived from the signature) and its `sip` structure; or parse
    /// or mangle a `sip` signature (docs/abi.md).
    Abi {
        /// Input file (`-` for standard input).
        #[arg(required_unless_present_any = ["parse_sip", "mangle_sip"])]
        file: Option<PathBuf>,
        /// Only this function (`@` optional).
        #[arg(long, requires = "file")]
        func: Option<String>,
        /// `text`: a human signature per function; `json`: one record object per line.
        #[arg(long, value_enum, default_value = "text")]
        format: AbiFormat,
        /// Parse a mangled sip signature and print each raw index with its index path.
        #[arg(long, value_name = "STRING", conflicts_with_all = ["file", "mangle_sip"], allow_hyphen_values = true)]
        parse_sip: Option<String>,
        /// Mangle `{"inputs": TREE, "results": TREE}` (a leaf is a raw index, an array a
        /// sequence, an object a dict; `{"$seq": [[KEY, TREE], ...]}` a sequence with other
        /// keys), given as text or `@FILE`.
        #[arg(
            long,
            value_name = "JSON",
            conflicts_with = "file",
            allow_hyphen_values = true
        )]
        mangle_sip: Option<String>,
    },
    /// JIT-compile a file and call a function; print its results, then each memref
    /// argument as the call left it.
    Run {
        file: PathBuf,
        /// The function to call (`@` optional; required).
        #[arg(long)]
        entry: Option<String>,
        /// Arguments, one per parameter: numbers (`true`/`false` for i1), or memrefs as
        /// `ELEM[SIZES]=VALUES` (`f32[2,3]=1,2,3,4,5,6`, `f64[]=1.5`), strided views as
        /// `f32[2,2;strides=4,1;offset=1]=WHOLE,BUFFER,...`.
        #[arg(allow_hyphen_values = true)]
        args: Vec<String>,
        /// The arguments as one JSON value (text, or `@FILE`) bound through the function's
        /// ABI (reflection record or sip structure; docs/abi.md) instead of raw arguments.
        #[arg(
            long,
            value_name = "JSON|@FILE",
            conflicts_with = "args",
            allow_hyphen_values = true
        )]
        input_json: Option<String>,
        /// With `--input-json`: print the results in the function's structure as JSON
        /// (`json`) or one `PATH: VALUE` line per result (`text`).
        #[arg(long, value_enum)]
        output: Option<RunOutput>,
        /// Run MLIR 19's lowering of the file instead of kiln's (mlir-opt-19 and
        /// mlir-translate-19, as `../shared/reference/lower.sh` runs them), through the same
        /// calling conventions: a differential check of kiln.
        #[arg(long)]
        via_mlir: bool,
        /// The stack of the thread that runs the call, in MiB; a call that recurses past it
        /// ends kiln with a `stack overflow in native code` error (exit 1).
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
        stack_size: u64,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// Run a function on kiln's reference interpreter (the source semantics, no rules, no
    /// LLVM); arguments and output as `kiln run`. Undefined behaviour is reported, not run.
    Interp {
        file: PathBuf,
        /// The function to call (`@` optional; required).
        #[arg(long)]
        entry: Option<String>,
        /// Arguments, one per parameter, as for `kiln run`.
        #[arg(allow_hyphen_values = true)]
        args: Vec<String>,
        /// Operations to execute before giving up (a loop that does not end).
        #[arg(long)]
        fuel: Option<u64>,
        /// How deeply calls may nest (default 10000); deeper is reported as an error.
        #[arg(long)]
        max_depth: Option<u64>,
    },
    /// Equivalence testing: random well-typed programs run on the reference interpreter and
    /// as native code through the rules (-O0 and -O2; and MLIR 19 with `--against mlir`)
    /// must agree. Prints a shrunk counterexample and exits 1 on any mismatch.
    Verify {
        /// How many random programs.
        #[arg(long, default_value_t = 200)]
        cases: u64,
        /// The first case's seed (case i uses SEED + i); a run is reproducible from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Statements per block, at most (also bounds functions and nesting).
        #[arg(long, default_value_t = 8)]
        max_size: usize,
        /// Also compare with MLIR 19's pipeline.
        #[arg(long, value_enum)]
        against: Option<Against>,
        /// Write the counterexample program here (it is printed either way).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Random instantiations per rule for the rule-by-rule check (0 skips it).
        #[arg(long, default_value_t = 40)]
        rule_samples: usize,
        /// List the rules the rule-by-rule check cannot evaluate, and why.
        #[arg(long)]
        list_unchecked: bool,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// Serve an incremental session over JSON lines on standard input and output (see
    /// docs/serve.md).
    Serve,
    /// Recompile a file, or every `*.mlir` file of a directory, whenever it (or a rules
    /// directory) changes, printing what was lowered and code-generated again and how long
    /// it took. Changes are reported by the operating system (inotify), not polled.
    Watch {
        /// A source file, or a directory of them.
        file: PathBuf,
        /// The output file (written atomically, only when its bytes change); for a
        /// directory of sources, a directory of outputs named after them (`f.mlir` gives
        /// `f.ll`, `f.s`, `f.o` or `f.lowered`).
        #[arg(short, long)]
        output: PathBuf,
        /// What to write (default: what the output file's extension implies — `.ll`, `.s`,
        /// `.o`, `.lowered` — else LLVM IR); a kind that contradicts the extension is refused.
        #[arg(long, value_enum)]
        emit: Option<WatchEmit>,
        #[command(flatten)]
        rules: RulesArg,
        /// Stop after this many compilations (for scripts and tests; default: never).
        #[arg(long)]
        max_builds: Option<u64>,
    },
    /// Check or test rule files.
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Load and check a rules directory (default: the shipped rules).
    Check { dir: Option<PathBuf> },
    /// Run the inline `test` blocks of a rules directory (default: the shipped rules).
    Test { dir: Option<PathBuf> },
}

#[derive(clap::Args)]
struct RulesArg {
    /// Load the rules from this directory instead of the rules shipped with kiln.
    #[arg(long = "rules", value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Give every function a C-compatible `_mlir_ciface_` wrapper, not only those marked
    /// `llvm.emit_c_interface`.
    #[arg(long = "emit-c-interface")]
    c_interface: bool,
    /// Pass every memref argument and result as a bare pointer (MLIR's
    /// `use-bare-ptr-memref-call-conv`; static shapes and identity layouts only).
    #[arg(long = "bare-ptr-memref-call-conv")]
    bare_ptr: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum WatchEmit {
    Lowered,
    #[value(name = "llvm-ir")]
    LlvmIr,
    Asm,
    Obj,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AbiFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RunOutput {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Against {
    Mlir,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CompileEmit {
    #[value(name = "llvm-ir")]
    LlvmIr,
    Asm,
    Obj,
    Lib,
    Exe,
    /// LLVM-dialect MLIR (what `mlir-translate --mlir-to-llvmir` reads).
    #[value(name = "mlir-llvm")]
    MlirLlvm,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LowerEmit {
    Lowered,
    Egraph,
}

/// The `--emit` of a command: the given one, or the one `output`'s extension implies, or
/// `default`; `None` (after a usage error) when the given one contradicts the extension.
fn choose_emit<E: ValueEnum + Copy>(
    ctx: &Ctx,
    given: Option<E>,
    output: Option<&Path>,
    default: E,
) -> Option<E> {
    let name = |e: E| {
        e.to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    };
    let allowed: Vec<String> = E::value_variants().iter().map(|e| name(*e)).collect();
    let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
    let given_name = given.map(name);
    let default_name = name(default);
    match kiln::resolve_emit(given_name.as_deref(), output, &allowed, &default_name) {
        Ok(chosen) => E::from_str(chosen, false).ok(),
        Err(e) => {
            ctx.fail("usage", "kiln", e);
            None
        }
    }
}

fn version() -> String {
    let (a, b, c) = kiln::backend::llvm_version();
    format!(
        "{} (LLVM {a}.{b}.{c}, host {})",
        env!("CARGO_PKG_VERSION"),
        kiln::backend::host_triple()
    )
}

struct Ctx {
    format: ErrorFormat,
    color: bool,
}

impl Ctx {
    fn report(&self, diags: &[Diagnostic], path: &str, text: &str) {
        let mut err = std::io::stderr().lock();
        emit(&mut err, diags, path, text, self.format, self.color);
    }

    /// A problem with no source location (unreadable file, unwritable output).
    fn fail(&self, code: &'static str, path: &str, message: String) {
        eprint!("{}", self.render_fail(code, path, message));
    }

    /// The text [`Ctx::fail`] writes, with its newline.
    fn render_fail(&self, code: &'static str, path: &str, message: String) -> String {
        let d = Diagnostic::error(code, kiln::frontend::Span::default(), message);
        match self.format {
            ErrorFormat::Json => format!("{}\n", kiln::report::to_json(&d, path, "")),
            ErrorFormat::Human => format!("error[{code}]: {}\n", d.message),
        }
    }
}

/// Loads, checks and compiles the rules; reports every rule diagnostic (warnings too).
fn load_rules(ctx: &Ctx, dir: Option<&Path>) -> Option<Arc<kiln::CompiledRules>> {
    let sources = match dir {
        None => kiln::shipped::shipped_rules(),
        Some(d) => match kiln::shipped::read_rule_dir(d) {
            Ok(s) => s,
            Err(e) => {
                ctx.fail(
                    "io.read",
                    &d.display().to_string(),
                    format!("cannot load rules from `{}`: {e}", d.display()),
                );
                return None;
            }
        },
    };
    let loaded = kiln::load_rules(sources);
    for d in &loaded.diagnostics {
        let f = &loaded.rules.files[d.file];
        ctx.report(std::slice::from_ref(&d.diagnostic), &f.path, &f.text);
    }
    if loaded.has_errors() {
        return None;
    }
    match kiln::CompiledRules::new(Arc::new(loaded.rules)) {
        Ok(c) => Some(Arc::new(c)),
        Err(e) => {
            ctx.fail("rules.compile", "<rules>", e);
            None
        }
    }
}

fn print_stats(f: &kiln::FunctionLowering) {
    let s = &f.outcome.stats;
    let mut err = std::io::stderr().lock();
    for p in &s.phases {
        let _ = writeln!(
            err,
            "@{} phase {}: {} iterations, {} nodes, {} classes, {:.3} ms, {}",
            f.name,
            p.phase,
            p.iterations,
            p.nodes,
            p.classes,
            p.time.as_secs_f64() * 1e3,
            p.stop
        );
        for (rule, n) in &p.applied {
            let _ = writeln!(err, "    {rule}: {n}");
        }
    }
    let _ = writeln!(
        err,
        "@{} extraction and elaboration: {:.3} ms",
        f.name,
        s.extract_time.as_secs_f64() * 1e3
    );
}

/// Writes to `-o` atomically or to standard output.
fn write_output(ctx: &Ctx, output: Option<&Path>, contents: &[u8]) -> bool {
    match output {
        None => {
            let _ = std::io::stdout().lock().write_all(contents);
            true
        }
        Some(out) => match write_atomically(out, contents) {
            Ok(()) => true,
            Err(e) => {
                ctx.fail(
                    "io.write",
                    &out.display().to_string(),
                    format!("cannot write `{}`: {e}", out.display()),
                );
                false
            }
        },
    }
}

fn display(path: &Path) -> String {
    kiln::display_path(path)
}

fn read_input(ctx: &Ctx, path: &Path) -> Option<String> {
    let result = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    let bytes = match result {
        Ok(b) => b,
        Err(e) => {
            ctx.fail(
                "io.read",
                &display(path),
                format!("cannot read `{}`: {e}", display(path)),
            );
            return None;
        }
    };
    match String::from_utf8(bytes) {
        Ok(s) => Some(s),
        Err(e) => {
            // Located like any other error: the text up to the bad byte is exact, and the
            // byte itself shows as U+FFFD in the quoted line.
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let span = kiln::frontend::Span::new(at, at + '\u{fffd}'.len_utf8());
            let d = Diagnostic::error(
                "io.utf8",
                span,
                format!("not UTF-8 text: invalid byte 0x{byte:02x}"),
            )
            .with_label(
                span,
                "this byte does not start or continue a UTF-8 character",
            )
            .with_note("kiln reads source files as UTF-8");
            ctx.report(&[d], &display(path), &text);
            None
        }
    }
}

use kiln::write_atomically;

fn run(cli: Cli) -> ExitCode {
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stderr().is_terminal(),
    };
    let ctx = Ctx {
        format: cli.error_format,
        color,
    };
    let db = Database::new();
    match cli.command {
        Command::Check { files } => {
            let mut failed = false;
            for path in &files {
                let Some(text) = read_input(&ctx, path) else {
                    failed = true;
                    continue;
                };
                let name = display(path);
                let (_, diags) = check_source(&db, &name, &text);
                ctx.report(&diags, &name, &text);
                failed |= kiln::frontend::has_errors(&diags);
            }
            if failed {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Command::Fmt { file, output } => {
            let Some(text) = read_input(&ctx, &file) else {
                return ExitCode::FAILURE;
            };
            let name = display(&file);
            let (source, diags) = check_source(&db, &name, &text);
            ctx.report(&diags, &name, &text);
            if kiln::frontend::has_errors(&diags) {
                return ExitCode::FAILURE;
            }
            let printed = format_file(&db, source);
            exit(write_output(&ctx, output.as_deref(), printed.as_bytes()))
        }
        Command::Lower {
            file,
            emit,
            output,
            func,
            rules,
            stats,
        } => {
            let mut opts = kiln::LowerOptions::default();
            if emit == LowerEmit::Egraph {
                opts = opts.with_dot();
            }
            let Some((lowered, _, name, text)) =
                lower_command(&ctx, &db, &file, func.as_deref(), &rules, &opts)
            else {
                return ExitCode::FAILURE;
            };
            let mut failed = false;
            let mut out = String::new();
            for f in &lowered {
                ctx.report(&f.outcome.diagnostics, &name, &text);
                failed |= kiln::frontend::has_errors(&f.outcome.diagnostics);
                if stats {
                    print_stats(f);
                }
                match emit {
                    LowerEmit::Lowered => {
                        if let Some(l) = &f.outcome.lowered {
                            if !out.is_empty() {
                                out.push('\n');
                            }
                            out.push_str(&l.to_string());
                        }
                    }
                    LowerEmit::Egraph => {
                        if let Some(d) = &f.outcome.dot {
                            out.push_str(d);
                        }
                    }
                }
            }
            if emit == LowerEmit::Egraph && lowered.len() != 1 {
                ctx.fail(
                    "lower.egraph",
                    &name,
                    format!(
                        "`--emit egraph` draws one function, and `{name}` has {}; choose one with `--func`",
                        lowered.len()
                    ),
                );
                return ExitCode::FAILURE;
            }
            if failed {
                return ExitCode::FAILURE;
            }
            if !write_output(&ctx, output.as_deref(), out.as_bytes()) {
                return ExitCode::FAILURE;
            }
            if let (LowerEmit::Egraph, Some(dot_path)) = (emit, &output) {
                write_svg(dot_path);
            }
            ExitCode::SUCCESS
        }
        Command::Explain {
            file,
            func,
            rules,
            explain_limit,
        } => {
            let opts = kiln::LowerOptions::default().with_explanations(explain_limit);
            let Some((lowered, _, name, text)) =
                lower_command(&ctx, &db, &file, Some(&func), &rules, &opts)
            else {
                return ExitCode::FAILURE;
            };
            let mut out = String::new();
            for f in &lowered {
                ctx.report(&f.outcome.diagnostics, &name, &text);
                if let Some(e) = &f.outcome.explanation {
                    out.push_str(e);
                }
            }
            let _ = std::io::stdout().lock().write_all(out.as_bytes());
            exit(
                !lowered
                    .iter()
                    .any(|f| kiln::frontend::has_errors(&f.outcome.diagnostics)),
            )
        }
        Command::Compile {
            file,
            emit,
            output,
            opt,
            target,
            cpu,
            rules,
        } => {
            let Some(emit) = choose_emit(&ctx, emit, output.as_deref(), CompileEmit::Obj) else {
                return ExitCode::from(2);
            };
            if matches!(emit, CompileEmit::Obj | CompileEmit::Lib | CompileEmit::Exe)
                && output.is_none()
            {
                ctx.fail(
                    "usage",
                    &display(&file),
                    "`--emit obj`, `lib` and `exe` write binary files; name one with `-o`"
                        .to_string(),
                );
                return ExitCode::from(2);
            }
            let mut opts = kiln::backend::CodegenOptions::default().with_opt_level(opt);
            if let Some(t) = target {
                opts = opts.with_triple(t);
            }
            if let Some(c) = cpu {
                opts = opts.with_cpu(c);
            }
            // The target and CPU are checked before any work, and before LLVM sees them: an
            // unknown or 32-bit CPU on a 64-bit target would abort inside LLVM.
            if let Err(e) = kiln::backend::target_machine(&opts) {
                ctx.fail("usage", &display(&file), format!("--target/--cpu: {e}"));
                return ExitCode::from(2);
            }
            let Some((program, source)) = lowered_program(&ctx, &db, &file, &rules) else {
                return ExitCode::FAILURE;
            };
            if emit == CompileEmit::MlirLlvm {
                return match kiln::backend::print_program(&program) {
                    Ok(text) => {
                        let text =
                            kiln::abi::annotate_mlir_llvm(&text, &kiln::abi::file_abi(&db, source));
                        exit(write_output(&ctx, output.as_deref(), text.as_bytes()))
                    }
                    Err(e) => {
                        ctx.fail("codegen", &display(&file), e.to_string());
                        ExitCode::FAILURE
                    }
                };
            }
            let what = match emit {
                CompileEmit::LlvmIr => kiln::backend::Emit::LlvmIr,
                CompileEmit::Asm => kiln::backend::Emit::Asm,
                _ => kiln::backend::Emit::Obj,
            };
            let bytes = match kiln::emit_program(&db, source, &program, what, &opts) {
                Ok(b) => b,
                Err(e) => {
                    ctx.fail("codegen", &display(&file), e.to_string());
                    return ExitCode::FAILURE;
                }
            };
            let ok = match (emit, &output) {
                (CompileEmit::Exe | CompileEmit::Lib, Some(out)) => {
                    link(&ctx, &bytes, out, emit == CompileEmit::Lib)
                }
                (_, out) => write_output(&ctx, out.as_deref(), &bytes),
            };
            exit(ok)
        }
        Command::Abi {
            file,
            func,
            format,
            parse_sip,
            mangle_sip,
        } => abi_command(
            &ctx,
            &db,
            file.as_deref(),
            func.as_deref(),
            format,
            parse_sip,
            mangle_sip,
        ),
        Command::Run {
            file,
            entry,
            args,
            input_json,
            output,
            via_mlir,
            stack_size,
            mut rules,
        } => {
            let mut flags = CallFlags {
                entry,
                via_mlir,
                rules: rules.dir.take(),
                c_interface: rules.c_interface,
                bare_ptr: rules.bare_ptr,
                fuel: None,
                stack_size,
                max_depth: None,
            };
            let Some(args) = flags.take_from(
                &ctx,
                "run",
                args,
                &[
                    "--entry",
                    "--via-mlir",
                    "--rules",
                    "--emit-c-interface",
                    "--bare-ptr-memref-call-conv",
                    "--stack-size",
                ],
            ) else {
                return ExitCode::from(2);
            };
            // `take_from` made sure `--entry` was given.
            let (via_mlir, entry) = (flags.via_mlir, flags.entry.unwrap_or_default());
            rules.dir = flags.rules;
            rules.c_interface = flags.c_interface;
            rules.bare_ptr = flags.bare_ptr;
            let name = display(&file);
            let entry = entry.trim_start_matches('@').to_string();
            if output.is_some() && input_json.is_none() {
                ctx.fail(
                    "usage",
                    &name,
                    "`--output` formats the results of a structured call: give `--input-json`"
                        .to_string(),
                );
                return ExitCode::from(2);
            }
            // The JSON input is read and parsed before anything is compiled.
            let input = match &input_json {
                Some(spec) => match read_json(&ctx, spec, "--input-json") {
                    Some(v) => Some(v),
                    None => return ExitCode::FAILURE,
                },
                None => None,
            };
            let Some((program, source)) = lowered_program(&ctx, &db, &file, &rules) else {
                return ExitCode::FAILURE;
            };
            let module = kiln::engine::module_ir(&db, source);
            let mut structured = None;
            let (f, mut values) = match &input {
                None => match parse_call_args(&ctx, &name, module, &entry, &args) {
                    Some(x) => x,
                    None => return ExitCode::FAILURE,
                },
                Some(v) => {
                    let Some(f) = defined_function(&ctx, &name, module, &entry) else {
                        return ExitCode::FAILURE;
                    };
                    let abis = kiln::abi::file_abi(&db, source);
                    let Some(abi) = abis.into_iter().find(|a| a.name == entry) else {
                        ctx.fail("run.entry", &name, format!("`@{entry}` has no ABI"));
                        return ExitCode::FAILURE;
                    };
                    match kiln::abi::bind::bind_input(&abi, v) {
                        Ok(bound) => {
                            let args = bound.args.clone();
                            structured = Some((abi, bound));
                            (f, args)
                        }
                        Err(e) => {
                            ctx.fail(
                                "run.input",
                                &name,
                                format!("--input-json for `@{entry}`: {e}"),
                            );
                            return ExitCode::FAILURE;
                        }
                    }
                }
            };
            // A native stack overflow cannot be returned from; the message is prepared now,
            // in the chosen format, for the handler that ends the process.
            let stack = (flags.stack_size as usize) << 20;
            let overflow = format!(
                "stack overflow in native code (recursion too deep?): the call used all of its {} MiB stack; `--stack-size MIB` gives it more",
                flags.stack_size
            );
            kiln::backend::overflow::set_overflow_message(ctx.render_fail(
                "run.stack-overflow",
                &name,
                overflow,
            ));
            let compiled = if via_mlir {
                let text =
                    kiln::frontend::print_module(&kiln::reference::reachable(module, &entry));
                match kiln::reference::mlir_llvm_ir_with(&text, rules.bare_ptr) {
                    Ok(ir) => kiln::backend::Jit::compile_with_stack(
                        kiln::backend::jit::Program::LlvmIr(ir),
                        0,
                        stack,
                    ),
                    Err(e) => {
                        ctx.fail("run.mlir", &name, e);
                        return ExitCode::FAILURE;
                    }
                }
            } else {
                kiln::backend::Jit::compile_with_stack(
                    kiln::backend::jit::Program::Lowered(program),
                    0,
                    stack,
                )
            };
            let jit = match compiled {
                Ok(j) => j,
                Err(e) => {
                    ctx.fail("run", &name, e.to_string());
                    return ExitCode::FAILURE;
                }
            };
            let bare = rules.bare_ptr || f.attrs.contains(kiln::engine::conventions::BARE_PTR_ATTR);
            match kiln::run::call_with_convention(&jit, &entry, &f.ty, &mut values, bare) {
                Ok((outcome, returned)) => match structured {
                    None => {
                        print_outcome(outcome);
                        ExitCode::SUCCESS
                    }
                    Some((abi, bound)) => match kiln::abi::bind::results(&abi, &returned) {
                        Ok((json, paths)) => {
                            let text = match output.unwrap_or(RunOutput::Text) {
                                RunOutput::Json => format!("{json}\n"),
                                RunOutput::Text => {
                                    kiln::abi::bind::results_text(&paths, &outcome, &bound)
                                }
                            };
                            let _ = std::io::stdout().lock().write_all(text.as_bytes());
                            ExitCode::SUCCESS
                        }
                        Err(e) => {
                            ctx.fail("run", &name, e);
                            ExitCode::FAILURE
                        }
                    },
                },
                Err(e) => {
                    ctx.fail("run", &name, e);
                    ExitCode::FAILURE
                }
            }
        }
        Command::Interp {
            file,
            entry,
            args,
            fuel,
            max_depth,
        } => {
            let mut flags = CallFlags {
                entry,
                via_mlir: false,
                rules: None,
                c_interface: false,
                bare_ptr: false,
                fuel,
                stack_size: 0,
                max_depth,
            };
            let Some(args) =
                flags.take_from(&ctx, "interp", args, &["--entry", "--fuel", "--max-depth"])
            else {
                return ExitCode::from(2);
            };
            let max_depth = flags
                .max_depth
                .map_or(kiln::interp::DEFAULT_MAX_DEPTH, |d| d as usize);
            let (entry, fuel) = (
                flags.entry.unwrap_or_default(),
                flags.fuel.unwrap_or(kiln::interp::DEFAULT_FUEL),
            );
            let Some((source, name, _)) = checked_source(&ctx, &db, &file) else {
                return ExitCode::FAILURE;
            };
            let entry = entry.trim_start_matches('@').to_string();
            let module = kiln::engine::module_ir(&db, source);
            let Some((_, mut values)) = parse_call_args(&ctx, &name, module, &entry, &args) else {
                return ExitCode::FAILURE;
            };
            // The interpreter recurses once per nested call: it runs on a thread whose stack
            // fits `max_depth` calls, so the depth limit, not the stack, is what stops it.
            let stack = kiln::interp::stack_for_depth(max_depth);
            let result = std::thread::scope(|scope| {
                std::thread::Builder::new()
                    .name("kiln-interp".to_string())
                    .stack_size(stack)
                    .spawn_scoped(scope, || {
                        kiln::interp::Interpreter::new(module)
                            .with_fuel(fuel)
                            .with_max_depth(max_depth)
                            .call(&entry, &mut values)
                            .map_err(|e| e.to_string())
                    })
                    .map_err(|e| {
                        format!(
                            "cannot reserve a {} MiB stack for `--max-depth {max_depth}`: {e}",
                            stack >> 20
                        )
                    })
                    .and_then(|t| {
                        t.join()
                            .unwrap_or_else(|_| Err("the interpreter failed".to_string()))
                    })
            });
            match result {
                Ok(outcome) => {
                    print_outcome(outcome);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    ctx.fail("interp", &name, e);
                    ExitCode::FAILURE
                }
            }
        }
        Command::Verify {
            cases,
            seed,
            max_size,
            against,
            output,
            quiet,
            rule_samples,
            list_unchecked,
            rules,
        } => {
            let Some(compiled) = load_rules(&ctx, rules.dir.as_deref()) else {
                return ExitCode::FAILURE;
            };
            if rule_samples > 0 {
                let report = kiln::verify::rules::check_rules(&compiled, rule_samples, seed);
                println!(
                    "rules: {} checked on {} samples each (at most), {} not checkable by evaluation{}",
                    report.checked.len(),
                    rule_samples,
                    report.unchecked.len(),
                    if list_unchecked { ":" } else { " (--list-unchecked)" }
                );
                if list_unchecked {
                    for (r, why) in &report.unchecked {
                        println!("  {r}: {why}");
                    }
                }
                if !report.failures.is_empty() {
                    for f in &report.failures {
                        println!("unsound: {f}");
                    }
                    return ExitCode::FAILURE;
                }
            }
            if against.is_some() && !kiln::reference::available() {
                ctx.fail(
                    "verify.mlir",
                    "kiln verify",
                    "--against mlir needs MLIR 19 (apt install mlir-19-tools)".to_string(),
                );
                return ExitCode::FAILURE;
            }
            let verifier = kiln::verify::Verifier::new(compiled).with_against(match against {
                Some(Against::Mlir) => kiln::verify::Against::KilnAndMlir,
                None => kiln::verify::Against::Kiln,
            });
            let bar = if quiet || !std::io::stderr().is_terminal() {
                indicatif::ProgressBar::hidden()
            } else {
                indicatif::ProgressBar::new(cases)
            };
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} cases, {per_sec}, {elapsed}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            let start = std::time::Instant::now();
            let result = verifier.run(cases, seed, kiln::verify::Size::of(max_size), |i| {
                bar.set_position(i)
            });
            bar.finish_and_clear();
            match result {
                Ok(n) => {
                    let secs = start.elapsed().as_secs_f64();
                    // Case i uses seed + i, so n cases use seeds seed..=seed + n - 1.
                    let seeds = match n {
                        0 => "no seeds".to_string(),
                        1 => format!("seed {seed}"),
                        _ => format!("seeds {seed}..={}", seed.wrapping_add(n - 1)),
                    };
                    println!(
                        "{n} cases passed ({seeds}), {:.1} cases/s",
                        n as f64 / secs.max(1e-9)
                    );
                    ExitCode::SUCCESS
                }
                Err(c) => {
                    println!(
                        "counterexample (seed {}, {} statements):",
                        c.seed, c.statements
                    );
                    println!("{}", c.failure);
                    println!(
                        "--- program ({}):",
                        output.as_ref().map_or("below".to_string(), |o| display(o))
                    );
                    print!("{}", c.program);
                    println!(
                        "--- reproduce: kiln run FILE --entry {} {}",
                        c.entry,
                        c.args
                            .iter()
                            .map(|a| format!("'{a}'"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    );
                    // Everything that shapes the case is repeated, so the command makes it again.
                    let mut again = format!(
                        "kiln verify --seed {} --cases 1 --max-size {max_size}",
                        c.seed
                    );
                    if against.is_some() {
                        again.push_str(" --against mlir");
                    }
                    if let Some(d) = &rules.dir {
                        again.push_str(&format!(" --rules '{}'", d.display()));
                    }
                    println!(
                        "--- and: kiln interp FILE --entry {} ...; or {again}",
                        c.entry
                    );
                    if let Some(o) = output {
                        if let Err(e) = write_atomically(&o, c.program.as_bytes()) {
                            ctx.fail("io.write", &display(&o), format!("cannot write: {e}"));
                        }
                    }
                    ExitCode::FAILURE
                }
            }
        }
        Command::Serve => {
            let stdin = std::io::stdin();
            match kiln::serve::serve(stdin.lock(), std::io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    ctx.fail("serve", "kiln serve", format!("i/o error: {e}"));
                    ExitCode::FAILURE
                }
            }
        }
        Command::Watch {
            file,
            output,
            emit,
            rules,
            max_builds,
        } => {
            // A directory of outputs has no extension to go by.
            let named = (!file.is_dir()).then_some(output.as_path());
            let Some(emit) = choose_emit(&ctx, emit, named, WatchEmit::LlvmIr) else {
                return ExitCode::from(2);
            };
            watch(&ctx, &file, &output, emit, &rules, max_builds)
        }
        Command::Rules { command } => match command {
            RulesCommand::Check { dir } => {
                let Some(c) = load_rules(&ctx, dir.as_deref()) else {
                    return ExitCode::FAILURE;
                };
                let r = &c.rules;
                println!(
                    "{} files, {} operations, {} phases, {} rules, {} tests: ok",
                    r.files.len(),
                    r.decls.len(),
                    r.phases.len(),
                    r.rules.len(),
                    r.tests.len()
                );
                ExitCode::SUCCESS
            }
            RulesCommand::Test { dir } => {
                let Some(c) = load_rules(&ctx, dir.as_deref()) else {
                    return ExitCode::FAILURE;
                };
                let results = kiln::run_inline_tests(&c);
                let mut failed = 0;
                for t in &results {
                    match &t.failure {
                        None => println!("test {} ... ok", t.name),
                        Some(why) => {
                            failed += 1;
                            println!("test {} ... FAILED", t.name);
                            println!("  {}: {why}", c.rules.describe(t.loc));
                        }
                    }
                }
                println!("\n{} passed, {failed} failed", results.len() - failed);
                exit(failed == 0)
            }
        },
    }
}

/// `kiln watch`: builds once, then after every change (see `kiln::watch`), printing what
/// each build did.
fn watch(
    ctx: &Ctx,
    source: &Path,
    output: &Path,
    emit: WatchEmit,
    rules: &RulesArg,
    max_builds: Option<u64>,
) -> ExitCode {
    use kiln::watch::{Outcome, Watch};
    let emit = match emit {
        WatchEmit::Lowered => kiln::watch::WatchEmit::Lowered,
        WatchEmit::LlvmIr => kiln::watch::WatchEmit::LlvmIr,
        WatchEmit::Asm => kiln::watch::WatchEmit::Asm,
        WatchEmit::Obj => kiln::watch::WatchEmit::Obj,
    };
    let w = Watch::new(source, output, emit)
        .with_rules_dir(rules.dir.as_deref())
        .with_c_interface(rules.c_interface)
        .with_bare_ptr(rules.bare_ptr);
    let mut builds = 0u64;
    let mut last_ok = true;
    let result = w.run(|build| {
        if let Some(e) = &build.rule_error {
            ctx.fail("io.read", "rules", e.clone());
        }
        let ms = build.elapsed.as_secs_f64() * 1000.0;
        for (name, outcome) in &build.files {
            match outcome {
                Outcome::Built {
                    output,
                    written,
                    work,
                } => eprintln!(
                    "kiln watch: {name}: {} function(s) lowered again, {} code-generated again, {} {} ({ms:.1} ms)",
                    work.lowered,
                    work.generated,
                    display(output),
                    if *written { "written" } else { "unchanged" },
                ),
                Outcome::Errors { output, files } => {
                    for f in files {
                        ctx.report(&f.diagnostics, &f.path, &f.text);
                    }
                    eprintln!(
                        "kiln watch: {name}: errors; {} left as it was",
                        display(output)
                    );
                }
                Outcome::Io { path, message } => ctx.fail("io", &display(path), message.clone()),
                Outcome::Removed => eprintln!("kiln watch: {name}: removed"),
            }
        }
        last_ok = build.ok();
        builds += 1;
        max_builds.is_none_or(|m| builds < m)
    });
    if let Err(e) = result {
        ctx.fail("io.watch", &display(source), e);
        return ExitCode::FAILURE;
    }
    // With `--max-builds`, the exit code tells how the last build went.
    if last_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The flags of `kiln run` and `kiln interp`, which may also be written after the call's
/// arguments (clap hands everything after the first argument over as arguments, so that
/// negative numbers stay values).
struct CallFlags {
    entry: Option<String>,
    via_mlir: bool,
    rules: Option<PathBuf>,
    c_interface: bool,
    bare_ptr: bool,
    fuel: Option<u64>,
    /// MiB.
    stack_size: u64,
    max_depth: Option<u64>,
}

impl CallFlags {
    /// Takes the flags out of `args` (any of `allowed`, as `--flag`, `--flag VALUE` or
    /// `--flag=VALUE`); what remains are the call's arguments. Any other `--word` is a usage
    /// error naming it, never a value; `None` after reporting one, or when `--entry` is
    /// missing. Arguments that start with one `-` (`-1`, `-2.5`, `-inf`) stay values.
    fn take_from(
        &mut self,
        ctx: &Ctx,
        command: &str,
        args: Vec<String>,
        allowed: &[&str],
    ) -> Option<Vec<String>> {
        let usage = |message: String| {
            ctx.fail("usage", &format!("kiln {command}"), message);
            None
        };
        let mut values = Vec::new();
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            if !a.starts_with("--") || a == "--" {
                values.push(a);
                continue;
            }
            let (flag, inline) = match a.split_once('=') {
                Some((f, v)) => (f.to_string(), Some(v.to_string())),
                None => (a.clone(), None),
            };
            if !allowed.contains(&flag.as_str()) {
                return usage(format!(
                    "`{a}` is not a flag of `kiln {command}` (its flags: {}); put global flags such as `--error-format` before the subcommand",
                    allowed.join(", ")
                ));
            }
            let takes_value = matches!(
                flag.as_str(),
                "--entry" | "--rules" | "--fuel" | "--stack-size" | "--max-depth"
            );
            let value = match (takes_value, inline) {
                (false, None) => None,
                (false, Some(_)) => return usage(format!("`{flag}` takes no value")),
                (true, Some(v)) => Some(v),
                (true, None) => match it.next() {
                    Some(v) => Some(v),
                    None => return usage(format!("`{flag}` needs a value")),
                },
            };
            match (flag.as_str(), value) {
                ("--via-mlir", _) => self.via_mlir = true,
                ("--emit-c-interface", _) => self.c_interface = true,
                ("--bare-ptr-memref-call-conv", _) => self.bare_ptr = true,
                ("--entry", Some(v)) => self.entry = Some(v),
                ("--rules", Some(v)) => self.rules = Some(PathBuf::from(v)),
                ("--fuel", Some(v)) => match v.parse() {
                    Ok(n) => self.fuel = Some(n),
                    Err(_) => return usage(format!("`--fuel {v}`: not a count")),
                },
                ("--max-depth", Some(v)) => match v.parse() {
                    Ok(n) => self.max_depth = Some(n),
                    Err(_) => return usage(format!("`--max-depth {v}`: not a count")),
                },
                ("--stack-size", Some(v)) => match v.parse() {
                    Ok(n @ 1..=65536) => self.stack_size = n,
                    _ => return usage(format!("`--stack-size {v}`: MiB from 1 to 65536")),
                },
                _ => {}
            }
        }
        if self.entry.is_none() {
            return usage("`--entry FUNCTION` names the function to call".to_string());
        }
        Some(values)
    }
}

/// A JSON value from `TEXT` or `@FILE`; `None` after reporting a bad one.
fn read_json(ctx: &Ctx, spec: &str, what: &str) -> Option<serde_json::Value> {
    let (text, origin) = match spec.strip_prefix('@') {
        Some(path) => (read_input(ctx, Path::new(path))?, display(Path::new(path))),
        None => (spec.to_string(), what.to_string()),
    };
    match serde_json::from_str(&text) {
        Ok(v) => Some(v),
        Err(e) => {
            ctx.fail("run.input", &origin, format!("{what}: not valid JSON: {e}"));
            None
        }
    }
}

/// The defined function `entry` of `module`, or `None` after reporting.
fn defined_function<'m>(
    ctx: &Ctx,
    name: &str,
    module: &'m kiln::frontend::ir::Module,
    entry: &str,
) -> Option<&'m kiln::frontend::ir::Function> {
    let f = module
        .functions
        .iter()
        .find(|f| f.name == entry && !f.is_declaration());
    if f.is_none() {
        ctx.fail(
            "run.entry",
            name,
            format!("`{name}` has no defined function `@{entry}`"),
        );
    }
    f
}

/// `kiln abi`.
fn abi_command(
    ctx: &Ctx,
    db: &Database,
    file: Option<&Path>,
    func: Option<&str>,
    format: AbiFormat,
    parse_sip: Option<String>,
    mangle_sip: Option<String>,
) -> ExitCode {
    use kiln::abi::sip;
    if let Some(text) = parse_sip {
        return match sip::parse(&text) {
            Ok(sig) => {
                let out = match format {
                    AbiFormat::Text => sig.leaf_lines(),
                    AbiFormat::Json => format!(
                        "{}\n",
                        serde_json::json!({
                            "inputs": sig.inputs.to_json(),
                            "results": sig.results.to_json(),
                            "canonical": sig.canonical().mangle(),
                            "text": sig.text(),
                        })
                    ),
                };
                let _ = std::io::stdout().lock().write_all(out.as_bytes());
                ExitCode::SUCCESS
            }
            Err(e) => {
                let mut message = format!(
                    "malformed sip signature at byte {}: {}",
                    e.offset, e.message
                );
                if ctx.format == ErrorFormat::Human {
                    let col = text.get(..e.offset).map_or(e.offset, |p| p.chars().count());
                    message.push_str(&format!("\n  {text}\n  {}^", " ".repeat(col)));
                }
                ctx.fail("abi.sip", "--parse-sip", message);
                ExitCode::FAILURE
            }
        };
    }
    if let Some(spec) = mangle_sip {
        let Some(v) = read_json(ctx, &spec, "--mangle-sip") else {
            return ExitCode::FAILURE;
        };
        let tree = |key: &str| -> Result<sip::Node, String> {
            match v.get(key) {
                Some(t) => sip::Node::from_json(t, key),
                None => Err(format!(
                    "expected {{\"inputs\": TREE, \"results\": TREE}}; `{key}` is missing"
                )),
            }
        };
        let result = (|| {
            if let Some(m) = v.as_object() {
                if let Some(k) = m.keys().find(|k| *k != "inputs" && *k != "results") {
                    return Err(format!(
                        "unexpected key `{k}` (expected `inputs` and `results`)"
                    ));
                }
            } else {
                return Err(format!(
                    "expected {{\"inputs\": TREE, \"results\": TREE}}, got {}",
                    kiln::abi::bind::json_kind(&v)
                ));
            }
            Ok(sip::Signature {
                inputs: tree("inputs")?,
                results: tree("results")?,
            })
        })();
        return match result {
            Ok(sig) => {
                println!("{}", sig.mangle());
                ExitCode::SUCCESS
            }
            Err(e) => {
                ctx.fail("abi.sip", "--mangle-sip", format!("--mangle-sip: {e}"));
                ExitCode::FAILURE
            }
        };
    }
    let Some(file) = file else {
        ctx.fail(
            "usage",
            "kiln abi",
            "name a FILE, --parse-sip or --mangle-sip".to_string(),
        );
        return ExitCode::from(2);
    };
    let Some((source, name, _)) = checked_source(ctx, db, file) else {
        return ExitCode::FAILURE;
    };
    let func = func.map(|f| f.trim_start_matches('@'));
    let functions: Vec<_> = kiln::abi::file_abi(db, source)
        .into_iter()
        .filter(|f| f.exported && func.is_none_or(|n| n == f.name))
        .collect();
    if let (Some(f), true) = (func, functions.is_empty()) {
        ctx.fail(
            "abi.no-function",
            &name,
            format!("`{name}` has no public function `@{f}`"),
        );
        return ExitCode::FAILURE;
    }
    let mut out = String::new();
    for f in &functions {
        match format {
            AbiFormat::Json => {
                out.push_str(&kiln::abi::json_line(f));
                out.push('\n');
            }
            AbiFormat::Text => out.push_str(&kiln::abi::text_lines(f)),
        }
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    ExitCode::SUCCESS
}

/// The defined function `entry` and the arguments of a call to it, parsed against its
/// source parameter types.
fn parse_call_args<'m>(
    ctx: &Ctx,
    name: &str,
    module: &'m kiln::frontend::ir::Module,
    entry: &str,
    args: &[String],
) -> Option<(&'m kiln::frontend::ir::Function, Vec<kiln::run::Arg>)> {
    let Some(f) = module
        .functions
        .iter()
        .find(|f| f.name == entry && !f.is_declaration())
    else {
        ctx.fail(
            "run.entry",
            name,
            format!("`{name}` has no defined function `@{entry}`"),
        );
        return None;
    };
    if f.ty.inputs.len() != args.len() {
        ctx.fail(
            "run.arguments",
            name,
            format!(
                "`@{entry}` takes {} argument{} ({}), {} given",
                f.ty.inputs.len(),
                if f.ty.inputs.len() == 1 { "" } else { "s" },
                f.ty.inputs
                    .iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                args.len()
            ),
        );
        return None;
    }
    let mut values = Vec::new();
    for (i, (t, a)) in f.ty.inputs.iter().zip(args).enumerate() {
        match kiln::run::parse_arg(t, a) {
            Ok(v) => values.push(v),
            Err(e) => {
                ctx.fail(
                    "run.arguments",
                    name,
                    format!("argument {} of `@{entry}` ({t}): {e}", i + 1),
                );
                return None;
            }
        }
    }
    Some((f, values))
}

/// Results one per line, then each memref argument as the call left it.
fn print_outcome(outcome: kiln::run::Outcome) {
    let _ = std::io::stdout()
        .lock()
        .write_all(outcome.text().as_bytes());
}

fn lowered_program(
    ctx: &Ctx,
    db: &Database,
    file: &Path,
    rules: &RulesArg,
) -> Option<(Vec<kiln::Lowered>, kiln::SourceFile)> {
    let (lowered, source, name, text) =
        lower_command(ctx, db, file, None, rules, &kiln::LowerOptions::default())?;
    let mut out = Vec::new();
    let mut failed = false;
    for f in lowered {
        ctx.report(&f.outcome.diagnostics, &name, &text);
        failed |= kiln::frontend::has_errors(&f.outcome.diagnostics);
        out.extend(f.outcome.lowered);
    }
    (!failed).then_some((out, source))
}

/// Links an object into an executable or shared library with the system `cc`, atomically
/// (a device or FIFO output is written in place, never replaced), with the mode `cc` gives
/// (0777 under the umask: 0755 usually).
fn link(ctx: &Ctx, object: &[u8], output: &Path, shared: bool) -> bool {
    let run = || -> Result<(), String> {
        let cannot = |e: std::io::Error| format!("cannot write `{}`: {e}", output.display());
        let target = kiln::destination(output).map_err(cannot)?;
        let obj = tempfile::Builder::new()
            .suffix(".o")
            .tempfile()
            .map_err(|e| format!("cannot create a temporary object: {e}"))?;
        std::fs::write(obj.path(), object).map_err(|e| format!("cannot write the object: {e}"))?;
        // Linked beside the output when it is a file (so the rename stays on one file
        // system), else in the temporary directory, then copied into the device or FIFO.
        let dir = match &target {
            kiln::Destination::Replace(p) => match p.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            },
            kiln::Destination::InPlace => std::env::temp_dir(),
        };
        let out = tempfile::Builder::new()
            .prefix(".kiln-link")
            .tempfile_in(&dir)
            .map_err(|e| format!("cannot create a file in `{}`: {e}", dir.display()))?;
        let mut cmd = std::process::Command::new("cc");
        if shared {
            cmd.arg("-shared");
        }
        let result = cmd
            .arg(obj.path())
            .arg("-o")
            .arg(out.path())
            .output()
            .map_err(|e| format!("cannot run `cc`: {e}"))?;
        if !result.status.success() {
            return Err(format!(
                "`cc` failed:\n{}",
                String::from_utf8_lossy(&result.stderr).trim_end()
            ));
        }
        match target {
            kiln::Destination::InPlace => {
                let bytes = std::fs::read(out.path())
                    .map_err(|e| format!("cannot read the linked file: {e}"))?;
                std::fs::write(output, bytes).map_err(cannot)?;
            }
            kiln::Destination::Replace(p) => {
                use std::os::unix::fs::PermissionsExt;
                let mode = 0o777 & !kiln::umask();
                std::fs::set_permissions(out.path(), std::fs::Permissions::from_mode(mode))
                    .map_err(cannot)?;
                out.persist(&p).map_err(|e| cannot(e.error))?;
            }
        }
        Ok(())
    };
    match run() {
        Ok(()) => true,
        Err(e) => {
            ctx.fail("link", &output.display().to_string(), e);
            false
        }
    }
}

/// Renders `path` (a `.dot`) to an `.svg` beside it when Graphviz is installed.
fn write_svg(dot_path: &Path) {
    let svg = dot_path.with_extension("svg");
    let status = std::process::Command::new("dot")
        .arg("-Tsvg")
        .arg(dot_path)
        .arg("-o")
        .arg(&svg)
        .stderr(std::process::Stdio::null())
        .status();
    if !matches!(status, Ok(s) if s.success()) {
        let _ = std::fs::remove_file(&svg);
    }
}

fn exit(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads and checks a source file; `None` (after reporting) if it has errors.
fn checked_source(
    ctx: &Ctx,
    db: &Database,
    path: &Path,
) -> Option<(kiln::SourceFile, String, String)> {
    let text = read_input(ctx, path)?;
    let name = display(path);
    let (source, diags) = check_source(db, &name, &text);
    ctx.report(&diags, &name, &text);
    if kiln::frontend::has_errors(&diags) {
        return None;
    }
    Some((source, name, text))
}

fn lower_command(
    ctx: &Ctx,
    db: &Database,
    file: &Path,
    func: Option<&str>,
    rules: &RulesArg,
    opts: &kiln::LowerOptions,
) -> Option<(
    Vec<kiln::FunctionLowering>,
    kiln::SourceFile,
    String,
    String,
)> {
    let (source, name, text) = checked_source(ctx, db, file)?;
    let compiled = load_rules(ctx, rules.dir.as_deref())?;
    let func = func.map(|f| f.trim_start_matches('@').to_string());
    let opts = opts
        .clone()
        .with_c_interface(rules.c_interface)
        .with_bare_ptr(rules.bare_ptr);
    let lowered = kiln::lower_file(db, source, &compiled, &opts, func.as_deref());
    if let Some(f) = &func {
        if lowered.is_empty() {
            ctx.fail(
                "lower.no-function",
                &name,
                format!("`{name}` has no function `@{f}`"),
            );
            return None;
        }
    }
    Some((lowered, source, name, text))
}

fn main() -> ExitCode {
    run(Cli::parse())
}
