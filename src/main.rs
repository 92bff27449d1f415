//! The `kiln` command line: the clap definitions and the dispatch; each subcommand is a
//! function in `src/cmd/` (one file per command or pair of related commands).

mod allocator;
mod cmd;

use clap::{Parser, Subcommand, ValueEnum};
use cmd::Ctx;
use kiln::report::ErrorFormat;
use kiln::Database;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

// mimalloc, called as `std` calls malloc (src/allocator.rs).
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

/// Turns transparent huge pages off for this process, as mimalloc's own `allow_thp=0` option
/// does. mimalloc commits its arenas eagerly on Linux, so where the system backs memory with
/// huge pages by default (`/sys/kernel/mm/transparent_hugepage/enabled` = `always`) a 2 MiB
/// page stays resident as long as one small object in it lives: on 10,000 memref functions
/// `kiln lower -o` peaked at 271 MiB with them and 237 MiB without, and its time did not
/// change beyond the machine's noise (mimalloc's own option measured 5% slower on 500
/// functions, which is why it is not used). The setting is inherited by the
/// processes kiln starts (`cc` for `kiln compile --emit exe`, `dot`), which is harmless.
fn disable_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes no pointer and changes only this process's
    // memory-management flags; a kernel without it returns an error, which is ignored.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[derive(Parser)]
#[command(
    name = "kiln",
    version = version(),
    about = "Lowers an MLIR subset (func, arith, cf, memref, math, index) to native code with declarative rewrite rules and an e-graph"
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
    Check(CheckArgs),
    /// Print a file in modern MLIR syntax (after checking it).
    Fmt(FmtArgs),
    /// Lower a file with the rules: encode each function in an e-graph, saturate the rule
    /// phases, extract and elaborate.
    Lower(LowerArgs),
    /// Print how each root of a function became its lowered form, one rewrite per line.
    Explain(ExplainArgs),
    /// Compile a file to LLVM IR, assembly, an object, a shared library or an executable.
    Compile(CompileArgs),
    /// Print each public function's ABI: its reflection record (given by `iree.abi` /
    /// `iree.reflection`, or derived from the signature) and its `sip` structure; or parse
    /// or mangle a `sip` signature (the book's ABI reference).
    Abi(AbiArgs),
    /// JIT-compile a file and call a function; print its results, then each memref
    /// argument as the call left it.
    Run(RunArgs),
    /// `mlir-opt` with MLIR 19's conversion to the LLVM dialect, by its own flags
    /// (`--convert-func-to-llvm='use-bare-ptr-memref-call-conv=1'`, `--pass-pipeline=...`):
    /// prints the LLVM dialect. kiln performs the whole conversion; a pass or option it does
    /// not implement is an error naming it.
    Opt(DropInArgs),
    /// `mlir-cpu-runner` by its own flags (`-e`, `--entry-point-result=void|i32|i64|f32`,
    /// `--shared-libs=`, `-O0..3`), on source MLIR or MLIR's own LLVM-dialect output: lowers,
    /// compiles and calls the entry, printing its result as `mlir-cpu-runner` does.
    #[command(name = "cpu-runner")]
    CpuRunner(DropInArgs),
    /// Run a function on kiln's reference interpreter (the source semantics, no rules, no
    /// LLVM); arguments and output as `kiln run`. Undefined behaviour is reported, not run.
    Interp(InterpArgs),
    /// Equivalence testing: random well-typed programs run on the reference interpreter and
    /// as native code through the rules (-O0 and -O2; and MLIR 19 with `--against mlir`)
    /// must agree. Prints a shrunk counterexample and exits 1 on any mismatch.
    Verify(VerifyArgs),
    /// Serve an incremental session over JSON lines on standard input and output (see
    /// the book's `serve` protocol reference).
    Serve(ServeArgs),
    /// Recompile a file, or every `*.mlir` file of a directory, whenever it (or a rules
    /// directory) changes, printing what was lowered and code-generated again and how long
    /// it took. Changes are reported by the operating system (inotify), not polled.
    Watch(WatchArgs),
    /// Serve the Language Server Protocol on standard input and output, for editors:
    /// diagnostics, hover, definitions, references and completion in `.rules` files, and the
    /// frontend's diagnostics in `.mlir` files (the book's language-server tutorial).
    Lsp,
    /// Check, test or format rule files.
    Rules(RulesArgs),
    /// Print this command-line reference as Markdown (the book's CLI chapter is its output).
    #[command(hide = true)]
    CliReference,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(clap::Args)]
struct FmtArgs {
    /// Input file (`-` for standard input).
    file: PathBuf,
    /// Write here instead of standard output (atomically; nothing is written on error).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Print as `mlir-opt-19` prints the file (values renamed `%0`, `%arg0`, ...; any
    /// operation, registered or not, read through the generic IR; checked for structure
    /// only) rather than as kiln's formatter, which keeps the source's names.
    #[arg(long)]
    as_mlir_opt: bool,
    /// With `--as-mlir-opt`: every operation in generic form (`--mlir-print-op-generic`).
    #[arg(long, requires = "as_mlir_opt")]
    generic: bool,
}

#[derive(clap::Args)]
struct LowerArgs {
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
}

#[derive(clap::Args)]
struct ExplainArgs {
    file: PathBuf,
    /// The function to explain (`@` optional).
    #[arg(long)]
    func: String,
    #[command(flatten)]
    rules: RulesArg,
    /// Refuse to explain e-graphs larger than this many nodes.
    #[arg(long, default_value_t = 20_000)]
    explain_limit: usize,
    /// Instead: every place rule NAME's left side matched (whether it fired, and which
    /// guard refused it with what values) or nearly matched (which operand differs).
    #[arg(long, value_name = "NAME", conflicts_with = "why_not")]
    rule: Option<String>,
    /// Instead: why rule NAME did not fire — only the places where it matched but a
    /// guard or a computed value refused, and the near misses.
    #[arg(long, value_name = "NAME")]
    why_not: Option<String>,
}

#[derive(clap::Args)]
struct CompileArgs {
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
    /// Line tables (DWARF): each instruction at the line and column of the operation it
    /// comes from, or where the operation's `loc(...)` says, as `mlir-translate` makes them.
    #[arg(short = 'g')]
    debug: bool,
    #[command(flatten)]
    rules: RulesArg,
    #[command(flatten)]
    cache: CacheArg,
}

#[derive(clap::Args)]
struct AbiArgs {
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
}

#[derive(clap::Args)]
struct RunArgs {
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
    /// ABI (reflection record or sip structure, as the book's ABI reference describes) instead of raw arguments.
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
    /// Run MLIR 19's lowering of the file instead of kiln's (mlir-opt-19's LLVM
    /// conversion passes, then mlir-translate-19), through the same
    /// calling conventions: a differential check of kiln.
    #[arg(long)]
    via_mlir: bool,
    /// The stack of the thread that runs the call, in MiB; a call that recurses past it
    /// ends kiln with a `stack overflow in native code` error (exit 1).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    stack_size: u64,
    #[command(flatten)]
    rules: RulesArg,
}

/// The arguments of a drop-in tool, in that tool's own syntax (read by `cmd/drop_in.rs`).
#[derive(clap::Args)]
struct DropInArgs {
    /// The input file (standard input by default) and the tool's flags.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

#[derive(clap::Args)]
struct InterpArgs {
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
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// How many random programs.
    #[arg(long, default_value_t = 200)]
    cases: u64,
    /// The first case's seed (case i uses SEED + i); a run is reproducible from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run slice I (from 0) of N disjoint slices of the campaign (`--shard 3/8`): the
    /// cases [CASES*I/N, CASES*(I+1)/N). The slices of a campaign together run exactly
    /// its cases, so a batch engine can fan it out (a Slurm array, a CI matrix).
    #[arg(long, value_parser = kiln::verify::Shard::parse, value_name = "I/N")]
    shard: Option<kiln::verify::Shard>,
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
    /// List the rules the rule-by-rule check cannot evaluate, and why, and stop (no cases).
    #[arg(long)]
    list_unchecked: bool,
    #[command(flatten)]
    rules: RulesArg,
}

#[derive(clap::Args)]
struct WatchArgs {
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
    #[command(flatten)]
    cache: CacheArg,
    /// Stop after this many compilations (for scripts and tests; default: never).
    #[arg(long)]
    max_builds: Option<u64>,
}

#[derive(clap::Args)]
struct RulesArgs {
    #[command(subcommand)]
    command: RulesCommand,
}

#[derive(Subcommand)]
enum RulesCommand {
    /// Load and check a rules directory (default: the shipped rules), with the authoring
    /// warnings (a rule without its `;;` comment or with one that restates a renaming, a file
    /// without tests, a helper no rule rewrites away, a function without clauses, rules with
    /// the same left side); then evaluate both sides of every rule
    /// that can be evaluated on random inputs (each unsound rule is an error at the rule,
    /// with the counterexample).
    Check {
        dir: Option<PathBuf>,
        /// Fail (exit 1) when there is any warning.
        #[arg(long)]
        deny_warnings: bool,
        /// Skip the evaluation of rules (only load and check them).
        #[arg(long)]
        no_eval: bool,
    },
    /// Run the inline `test` blocks of a rules directory (default: the shipped rules).
    Test { dir: Option<PathBuf> },
    /// Format rule files canonically, in place: one rule per line when it fits in 100
    /// columns, comments kept (the book's rule-language reference).
    Fmt {
        /// Change nothing; list the files that are not formatted and fail if there are any.
        #[arg(long)]
        check: bool,
        /// The rule files to format (`-`: standard input, printed formatted); a file that
        /// does not parse is reported and left alone.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// A shared cache of compiled code (see the book's "Shared cache" chapter).
#[derive(clap::Args, Default)]
struct CacheArg {
    /// Look compiled code up in, and store it in, a cache shared with other machines: a
    /// directory (`/path`, `file:///path`), an HTTP/WebDAV server (`http://host/prefix/`),
    /// or an S3 bucket (`s3://bucket/prefix`). Damaged entries are ignored with a warning;
    /// an unreachable cache is a warning, never a failure.
    #[arg(long, value_name = "URL")]
    cache: Option<String>,
    /// With `--cache`: print what the cache did (hits, misses, entries stored, entries
    /// rejected) on standard error at the end.
    #[arg(long, requires = "cache")]
    cache_stats: bool,
}

#[derive(clap::Args)]
struct ServeArgs {
    #[command(flatten)]
    cache: CacheArg,
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
    /// `use-bare-ptr-memref-call-conv`; memrefs of static shape, strides and offset only).
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

fn version() -> String {
    let (a, b, c) = kiln::backend::llvm_version();
    // `scripts/build-release.sh` sets this for the build it optimises with a profile, so
    // that a benchmark can say which binary it measured.
    let build = match option_env!("KILN_BUILD_PGO") {
        Some(_) => ", profile-guided",
        None => "",
    };
    format!(
        "{} (LLVM {a}.{b}.{c}, host {}{build})",
        env!("CARGO_PKG_VERSION"),
        kiln::backend::host_triple()
    )
}

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
        Command::Check(args) => cmd::check(ctx, db, args),
        Command::Fmt(args) => cmd::fmt(ctx, db, args),
        Command::Lower(args) => cmd::lower(ctx, db, args),
        Command::Explain(args) => cmd::explain(ctx, db, args),
        Command::Compile(args) => cmd::compile(ctx, db, args),
        Command::Abi(args) => cmd::abi(ctx, db, args),
        Command::Run(args) => cmd::run_command(ctx, db, args),
        Command::Opt(args) => cmd::opt(ctx, db, args.args),
        Command::CpuRunner(args) => cmd::cpu_runner(ctx, db, args.args),
        Command::Interp(args) => cmd::interp(ctx, db, args),
        Command::Verify(args) => cmd::verify(ctx, db, args),
        Command::Serve(args) => cmd::serve(ctx, db, args),
        Command::Watch(args) => cmd::watch_command(ctx, db, args),
        Command::Lsp => cmd::lsp(ctx, db),
        Command::Rules(args) => cmd::rules(ctx, db, args),
        Command::CliReference => {
            print!("{}", cli_reference());
            ExitCode::SUCCESS
        }
    }
}

/// The command-line reference in Markdown, rendered from the clap definitions so that the
/// book's chapter cannot drift from the binary (tests/cli/ compares the two).
fn cli_reference() -> String {
    use clap::CommandFactory;
    let mut root = Cli::command();
    root.build();
    let mut out = String::from(
        "# Command-line reference\n\n\
         <!-- Generated by `kiln cli-reference` from kiln's clap definitions; \
         `KILN_BLESS=1 cargo test --test cli` rewrites it. -->\n\n\
         Every subcommand takes `--error-format human|json` and `--color auto|always|never`. \
         Exit status: 0 on success, 1 when the input has errors (each printed as a located \
         diagnostic), 2 for a usage error.\n\n",
    );
    out.push_str(&format!("```text\n{}```\n", root.render_long_help()));
    fn section(out: &mut String, path: &str, command: &mut clap::Command) {
        for sub in command.get_subcommands_mut() {
            if sub.is_hide_set() || sub.get_name() == "help" {
                continue;
            }
            let path = format!("{path} {}", sub.get_name());
            let help = sub.render_long_help().to_string();
            out.push_str(&format!(
                "\n## `{path}`\n\n```text\n{}\n```\n",
                help.trim_end()
            ));
            section(out, &path, sub);
        }
    }
    section(&mut out, "kiln", &mut root);
    out
}

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: a command whose
/// reader goes away (`kiln verify | head`) then ends quietly, as Unix tools do, instead of
/// panicking on the failed write to standard output.
fn default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_DFL installs no handler and touches no
    // memory of this process.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    disable_transparent_huge_pages();
    default_sigpipe();
    run(Cli::parse())
}
