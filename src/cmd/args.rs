//! The arguments of each subcommand, as clap reads them (`main.rs` dispatches on them).

use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct CheckArgs {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
}

#[derive(clap::Args)]
pub(crate) struct FmtArgs {
    /// Input file (`-` for standard input).
    pub(crate) file: PathBuf,
    /// Write here instead of standard output (atomically; nothing is written on error).
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    /// Print as `mlir-opt-19` prints the file (values renamed `%0`, `%arg0`, ...; any
    /// operation, registered or not, read through the generic IR; checked for structure
    /// only) rather than as kiln's formatter, which keeps the source's names.
    #[arg(long)]
    pub(crate) as_mlir_opt: bool,
    /// With `--as-mlir-opt`: every operation in generic form (`--mlir-print-op-generic`).
    #[arg(long, requires = "as_mlir_opt")]
    pub(crate) generic: bool,
}

#[derive(clap::Args)]
pub(crate) struct LowerArgs {
    /// Input file (`-` for standard input).
    pub(crate) file: PathBuf,
    /// What to print: the lowered LLVM-level form, or the final e-graph as Graphviz.
    #[arg(long, value_enum, default_value = "lowered")]
    pub(crate) emit: LowerEmit,
    /// Write here instead of standard output (atomically). With `--emit egraph`, an
    /// `.svg` is written beside it when Graphviz's `dot` is installed.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    /// Only this function (`@` optional).
    #[arg(long)]
    pub(crate) func: Option<String>,
    #[command(flatten)]
    pub(crate) rules: RulesArg,
    /// Print per-phase statistics (iterations, nodes, classes, time, stop reason, rule
    /// applications) and each pass's (what it searched, matched and applied, the e-graph
    /// it left) to standard error.
    #[arg(long)]
    pub(crate) stats: bool,
}

#[derive(clap::Args)]
pub(crate) struct ExplainArgs {
    /// Input file (`-` for standard input).
    pub(crate) file: PathBuf,
    /// The function to explain (`@` optional).
    #[arg(long)]
    pub(crate) func: String,
    #[command(flatten)]
    pub(crate) rules: RulesArg,
    /// Refuse to explain e-graphs larger than this many nodes.
    #[arg(long, default_value_t = 20_000)]
    pub(crate) explain_limit: usize,
    /// Instead: every place rule NAME's left side matched (whether it fired, and which
    /// guard refused it with what values) or nearly matched (which operand differs).
    #[arg(long, value_name = "NAME", conflicts_with = "why_not")]
    pub(crate) rule: Option<String>,
    /// Instead: why rule NAME did not fire — only the places where it matched but a
    /// guard or a computed value refused, and the near misses.
    #[arg(long, value_name = "NAME")]
    pub(crate) why_not: Option<String>,
}

#[derive(clap::Args)]
pub(crate) struct CompileArgs {
    /// Input file (`-` for standard input).
    pub(crate) file: PathBuf,
    /// What to write (default: what the output's extension implies — `.ll`, `.s`,
    /// `.o`, `.so` — else an object); a kind that contradicts the extension is refused.
    #[arg(long, value_enum)]
    pub(crate) emit: Option<CompileEmit>,
    /// Output file (written atomically; required for obj, lib and exe).
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    /// Optimization level: the new pass manager's `default<On>` pipeline.
    #[arg(short = 'O', default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub(crate) opt: u8,
    /// Target triple (default: the host), e.g. `aarch64-unknown-linux-gnu`.
    #[arg(long)]
    pub(crate) target: Option<String>,
    /// Target CPU (default: the target's generic baseline, so output is the same on every
    /// machine; `native` for the host's CPU and features).
    #[arg(long)]
    pub(crate) cpu: Option<String>,
    /// Line tables (DWARF): each instruction at the line and column of the operation it
    /// comes from, or where the operation's `loc(...)` says, as `mlir-translate` makes them.
    #[arg(short = 'g')]
    pub(crate) debug: bool,
    #[command(flatten)]
    pub(crate) rules: RulesArg,
    #[command(flatten)]
    pub(crate) cache: CacheArg,
}

#[derive(clap::Args)]
pub(crate) struct AbiArgs {
    /// Input file (`-` for standard input).
    #[arg(required_unless_present_any = ["parse_sip", "mangle_sip"])]
    pub(crate) file: Option<PathBuf>,
    /// Only this function (`@` optional).
    #[arg(long, requires = "file")]
    pub(crate) func: Option<String>,
    /// `text`: a human signature per function; `json`: one record object per line.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: AbiFormat,
    /// Parse a mangled sip signature and print each raw index with its index path.
    #[arg(long, value_name = "STRING", conflicts_with_all = ["file", "mangle_sip"], allow_hyphen_values = true)]
    pub(crate) parse_sip: Option<String>,
    /// Mangle `{"inputs": TREE, "results": TREE}` (a leaf is a raw index, an array a
    /// sequence, an object a dict; `{"$seq": [[KEY, TREE], ...]}` a sequence with other
    /// keys), given as text or `@FILE`.
    #[arg(
        long,
        value_name = "JSON",
        conflicts_with = "file",
        allow_hyphen_values = true
    )]
    pub(crate) mangle_sip: Option<String>,
}

#[derive(clap::Args)]
pub(crate) struct RunArgs {
    /// Input file (`-` for standard input).
    pub(crate) file: PathBuf,
    /// The function to call (`@` optional; required).
    #[arg(long)]
    pub(crate) entry: Option<String>,
    /// Arguments, one per parameter: numbers (`true`/`false` for i1), or memrefs as
    /// `ELEM[SIZES]=VALUES` (`f32[2,3]=1,2,3,4,5,6`, `f64[]=1.5`), strided views as
    /// `f32[2,2;strides=4,1;offset=1]=WHOLE,BUFFER,...`.
    #[arg(allow_hyphen_values = true)]
    pub(crate) args: Vec<String>,
    /// The arguments as one JSON value (text, or `@FILE`) bound through the function's
    /// ABI (reflection record or sip structure, as the book's ABI reference describes) instead of raw arguments.
    #[arg(
        long,
        value_name = "JSON|@FILE",
        conflicts_with = "args",
        allow_hyphen_values = true
    )]
    pub(crate) input_json: Option<String>,
    /// With `--input-json`: print the results in the function's structure as JSON
    /// (`json`) or one `PATH: VALUE` line per result (`text`).
    #[arg(long, value_enum)]
    pub(crate) output: Option<RunOutput>,
    /// Run MLIR 19's lowering of the file instead of kiln's (mlir-opt-19's LLVM
    /// conversion passes, then mlir-translate-19), through the same
    /// calling conventions: a differential check of kiln.
    #[arg(long)]
    pub(crate) via_mlir: bool,
    /// The stack of the thread that runs the call, in MiB; a call that recurses past it
    /// ends kiln with a `stack overflow in native code` error (exit 1).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub(crate) stack_size: u64,
    #[command(flatten)]
    pub(crate) rules: RulesArg,
}

/// The arguments of a drop-in tool, in that tool's own syntax (read by `cmd/drop_in.rs`).
#[derive(clap::Args)]
pub(crate) struct DropInArgs {
    /// The input file (standard input by default) and the tool's flags.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub(crate) args: Vec<String>,
}

#[derive(clap::Args)]
pub(crate) struct InterpArgs {
    /// Input file (`-` for standard input).
    pub(crate) file: PathBuf,
    /// The function to call (`@` optional; required).
    #[arg(long)]
    pub(crate) entry: Option<String>,
    /// Arguments, one per parameter, as for `kiln run`.
    #[arg(allow_hyphen_values = true)]
    pub(crate) args: Vec<String>,
    /// Operations to execute before giving up (a loop that does not end).
    #[arg(long)]
    pub(crate) fuel: Option<u64>,
    /// How deeply calls may nest (default 10000); deeper is reported as an error.
    #[arg(long)]
    pub(crate) max_depth: Option<u64>,
}

#[derive(clap::Args)]
pub(crate) struct VerifyArgs {
    /// How many random programs.
    #[arg(long, default_value_t = 200)]
    pub(crate) cases: u64,
    /// The first case's seed (case i uses SEED + i); a run is reproducible from it.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Run slice I (from 0) of N disjoint slices of the campaign (`--shard 3/8`): the
    /// cases [CASES*I/N, CASES*(I+1)/N). The slices of a campaign together run exactly
    /// its cases, so a batch engine can fan it out (a Slurm array, a CI matrix).
    #[arg(long, value_parser = kiln::verify::Shard::parse, value_name = "I/N")]
    pub(crate) shard: Option<kiln::verify::Shard>,
    /// Statements per block, at most (also bounds functions and nesting).
    #[arg(long, default_value_t = 8)]
    pub(crate) max_size: usize,
    /// Also compare with MLIR 19's pipeline.
    #[arg(long, value_enum)]
    pub(crate) against: Option<Against>,
    /// Write the counterexample program here (it is printed either way).
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
    /// Random instantiations per rule for the rule-by-rule check (0 skips it).
    #[arg(long, default_value_t = 40)]
    pub(crate) rule_samples: usize,
    /// List the rules the rule-by-rule check cannot evaluate, and why, and stop (no cases).
    #[arg(long)]
    pub(crate) list_unchecked: bool,
    #[command(flatten)]
    pub(crate) rules: RulesArg,
}

#[derive(clap::Args)]
pub(crate) struct WatchArgs {
    /// A source file, or a directory of them.
    pub(crate) file: PathBuf,
    /// The output file (written atomically, only when its bytes change); for a
    /// directory of sources, a directory of outputs named after them (`f.mlir` gives
    /// `f.ll`, `f.s`, `f.o` or `f.lowered`).
    #[arg(short, long)]
    pub(crate) output: PathBuf,
    /// What to write (default: what the output file's extension implies — `.ll`, `.s`,
    /// `.o`, `.lowered` — else LLVM IR); a kind that contradicts the extension is refused.
    #[arg(long, value_enum)]
    pub(crate) emit: Option<WatchEmit>,
    #[command(flatten)]
    pub(crate) rules: RulesArg,
    #[command(flatten)]
    pub(crate) cache: CacheArg,
    /// Stop after this many compilations (for scripts and tests; default: never).
    #[arg(long)]
    pub(crate) max_builds: Option<u64>,
}

#[derive(clap::Args)]
pub(crate) struct RulesArgs {
    #[command(subcommand)]
    pub(crate) command: RulesCommand,
}

#[derive(Subcommand)]
pub(crate) enum RulesCommand {
    /// Load and check a rules directory (default: the shipped rules), with the authoring
    /// warnings (a rule without its `;;` comment or with one that restates a renaming, a file
    /// without tests, a helper no rule rewrites away, a function without clauses, rules with
    /// the same left side); then evaluate both sides of every rule
    /// that can be evaluated on random inputs (each unsound rule is an error at the rule,
    /// with the counterexample).
    Check {
        /// Rules directory (default: the shipped rules).
        dir: Option<PathBuf>,
        /// Fail (exit 1) when there is any warning.
        #[arg(long)]
        deny_warnings: bool,
        /// Skip the evaluation of rules (only load and check them).
        #[arg(long)]
        no_eval: bool,
    },
    /// Run the inline `test` blocks of a rules directory (default: the shipped rules).
    Test {
        /// Rules directory (default: the shipped rules).
        dir: Option<PathBuf>,
    },
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
pub(crate) struct CacheArg {
    /// Look compiled code up in, and store it in, a cache shared with other machines: a
    /// directory (`/path`, `file:///path`), an HTTP/WebDAV server (`http://host/prefix/`),
    /// or an S3 bucket (`s3://bucket/prefix`). Damaged entries are ignored with a warning;
    /// an unreachable cache is a warning, never a failure.
    #[arg(long, value_name = "URL")]
    pub(crate) cache: Option<String>,
    /// With `--cache`: print what the cache did (hits, misses, entries stored, entries
    /// rejected) on standard error at the end.
    #[arg(long, requires = "cache")]
    pub(crate) cache_stats: bool,
}

#[derive(clap::Args)]
pub(crate) struct ServeArgs {
    #[command(flatten)]
    pub(crate) cache: CacheArg,
}

#[derive(clap::Args)]
pub(crate) struct RulesArg {
    /// Load the rules from this directory instead of the rules shipped with kiln.
    #[arg(long = "rules", value_name = "DIR")]
    pub(crate) dir: Option<PathBuf>,
    /// Give every function a C-compatible `_mlir_ciface_` wrapper, not only those marked
    /// `llvm.emit_c_interface`.
    #[arg(long = "emit-c-interface")]
    pub(crate) c_interface: bool,
    /// Pass every memref argument and result as a bare pointer (MLIR's
    /// `use-bare-ptr-memref-call-conv`; memrefs of static shape, strides and offset only).
    #[arg(long = "bare-ptr-memref-call-conv")]
    pub(crate) bare_ptr: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum WatchEmit {
    Lowered,
    #[value(name = "llvm-ir")]
    LlvmIr,
    Asm,
    Obj,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum AbiFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum RunOutput {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Against {
    Mlir,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum CompileEmit {
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
pub(crate) enum LowerEmit {
    Lowered,
    Egraph,
}
