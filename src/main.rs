//! The `kiln` command line.

use clap::{Parser, Subcommand, ValueEnum};
use kiln::report::{emit, ErrorFormat};
use kiln::{check_source, format_file, Database, Diagnostic};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
        let d = Diagnostic::error(code, kiln::frontend::Span::default(), message);
        match self.format {
            ErrorFormat::Json => eprintln!("{}", kiln::report::to_json(&d, path, "")),
            ErrorFormat::Human => eprintln!("error[{code}]: {}", d.message),
        }
    }
}

fn display(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn read_input(ctx: &Ctx, path: &Path) -> Option<String> {
    let result = if path == Path::new("-") {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read(path).and_then(|bytes| {
            String::from_utf8(bytes).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "not UTF-8 text (invalid byte at offset {})",
                        e.utf8_error().valid_up_to()
                    ),
                )
            })
        })
    };
    match result {
        Ok(s) => Some(s),
        Err(e) => {
            ctx.fail(
                "io.read",
                &display(path),
                format!("cannot read `{}`: {e}", display(path)),
            );
            None
        }
    }
}

/// Writes `contents` to `path` through a temporary file in the same directory, so a reader
/// never sees a partial file and a failure leaves no file behind.
fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(contents.as_bytes())?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
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
            match output {
                None => {
                    let _ = std::io::stdout().lock().write_all(printed.as_bytes());
                }
                Some(out) => {
                    if let Err(e) = write_atomically(&out, &printed) {
                        ctx.fail(
                            "io.write",
                            &out.display().to_string(),
                            format!("cannot write `{}`: {e}", out.display()),
                        );
                        return ExitCode::FAILURE;
                    }
                }
            }
            ExitCode::SUCCESS
        }
    }
}

fn main() -> ExitCode {
    run(Cli::parse())
}
