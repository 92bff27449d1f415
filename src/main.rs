//! The `kiln` command line: the clap definitions and the dispatch; each subcommand is a
//! function in `src/cmd/` (one file per command or pair of related commands).

#[cfg(feature = "mimalloc")]
mod allocator;
mod cmd;

use clap::{Parser, Subcommand, ValueEnum};
use cmd::args::*;
use cmd::Ctx;
use kiln::report::ErrorFormat;
use kiln::Database;
use std::io::IsTerminal;
use std::process::ExitCode;

// mimalloc, called as `std` calls malloc (src/allocator.rs).
#[cfg(feature = "mimalloc")]
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
    about = "Lowers an MLIR subset (func, arith, cf, memref, math, index, ub and the LLVM dialect) to native code with declarative rewrite rules and an e-graph"
)]
struct Cli {
    /// How to print diagnostics.
    #[arg(long, global = true, value_enum, default_value = "human")]
    error_format: ErrorFormatArg,
    /// Colour in human diagnostics.
    #[arg(long, global = true, value_enum, default_value = "auto")]
    color: Color,
    #[command(subcommand)]
    command: Command,
}

/// `--error-format`: [`ErrorFormat`] as a command-line value (the driver knows no clap).
#[derive(Clone, Copy, ValueEnum)]
enum ErrorFormatArg {
    /// `error[code]: message` with the source line and a marker.
    Human,
    /// One JSON object per line.
    Json,
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
    /// frontend's and the lowering's diagnostics in `.mlir` files (the book's language-server
    /// tutorial).
    Lsp,
    /// Check, test or format rule files.
    Rules(RulesArgs),
    /// Print this command-line reference as Markdown (the book's CLI chapter is its output).
    #[command(hide = true)]
    CliReference,
}

/// Known without loading LLVM, as clap builds it for every command line.
fn version() -> String {
    // `scripts/build-release.sh` sets this for the build it optimises with a profile, so
    // that a benchmark can say which binary it measured.
    let build = match option_env!("KILN_BUILD_PGO") {
        Some(_) => ", profile-guided",
        None => "",
    };
    format!(
        "{} (LLVM {}, host {}{build})",
        env!("CARGO_PKG_VERSION"),
        kiln::backend::BUILT_LLVM_VERSION,
        kiln::backend::BUILT_HOST_TRIPLE,
    )
}

fn run(cli: Cli) -> ExitCode {
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stderr().is_terminal(),
    };
    let ctx = Ctx {
        format: match cli.error_format {
            ErrorFormatArg::Human => ErrorFormat::Human,
            ErrorFormatArg::Json => ErrorFormat::Json,
        },
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
