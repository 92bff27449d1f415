//! The subcommands of `kiln`, one file per command (or pair of related commands), and
//! what they share: the error context, reading inputs, writing outputs atomically, loading
//! rules. The logic they call lives in the library (`kiln::*`), reachable without the binary.

mod abi;
pub(crate) mod args;
mod check;
mod compile;
mod drop_in;
mod lower;
mod rules;
mod run;
mod serve;
mod verify;
mod watch;

pub(crate) use self::args::{
    AbiArgs, AbiFormat, Against, CacheArg, CheckArgs, CompileArgs, CompileEmit, ExplainArgs,
    FmtArgs, InterpArgs, LowerArgs, LowerEmit, RulesArg, RulesArgs, RulesCommand, RunArgs,
    RunOutput, ServeArgs, VerifyArgs, WatchArgs, WatchEmit,
};
pub(crate) use self::{
    abi::*, check::*, compile::*, drop_in::*, lower::*, rules::*, run::*, serve::*, verify::*,
    watch::*,
};
use clap::ValueEnum;
use kiln::report::{emit, ErrorFormat};
use kiln::{check_source, format_file, write_atomically, Database, Diagnostic};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// How diagnostics are printed: one per command run.
#[derive(Clone, Copy)]
pub(crate) struct Ctx {
    pub(crate) format: ErrorFormat,
    pub(crate) color: bool,
}

impl Ctx {
    pub(crate) fn report(&self, diags: &[Diagnostic], path: &str, text: &str) {
        let mut err = std::io::stderr().lock();
        emit(&mut err, diags, path, text, self.format, self.color);
    }

    /// A problem with no source location (unreadable file, unwritable output).
    pub(crate) fn fail(&self, code: &'static str, path: &str, message: String) {
        eprint!("{}", self.render_fail(code, path, message));
    }

    /// A warning with no source location (a damaged cache entry).
    pub(crate) fn warn(&self, code: &'static str, path: &str, message: String) {
        let d = Diagnostic::warning(code, kiln::frontend::Span::default(), message);
        match self.format {
            ErrorFormat::Json => eprintln!("{}", kiln::report::to_json(&d, path, "")),
            ErrorFormat::Human => eprintln!("warning[{code}]: {}", d.message),
        }
    }

    /// The text [`Ctx::fail`] writes, with its newline.
    pub(crate) fn render_fail(&self, code: &'static str, path: &str, message: String) -> String {
        let d = Diagnostic::error(code, kiln::frontend::Span::default(), message);
        match self.format {
            ErrorFormat::Json => format!("{}\n", kiln::report::to_json(&d, path, "")),
            ErrorFormat::Human => format!("error[{code}]: {}\n", d.message),
        }
    }
}

/// Loads, checks and compiles the rules; reports every rule diagnostic (warnings too).
pub(crate) fn load_rules(ctx: &Ctx, dir: Option<&Path>) -> Option<Arc<kiln::CompiledRules>> {
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
    Some(Arc::new(kiln::CompiledRules::new(Arc::new(loaded.rules))))
}

/// The rule sources a command reads: the shipped rules, or every `*.rules` file of `dir`;
/// `None` after reporting when the directory cannot be read.
pub(crate) fn rule_sources(ctx: &Ctx, dir: Option<&Path>) -> Option<Vec<kiln::RuleSource>> {
    match dir {
        None => Some(kiln::shipped::shipped_rules()),
        Some(d) => match kiln::shipped::read_rule_dir(d) {
            Ok(s) => Some(s),
            Err(e) => {
                ctx.fail(
                    "io.read",
                    &d.display().to_string(),
                    format!("cannot load rules from `{}`: {e}", d.display()),
                );
                None
            }
        },
    }
}

/// A one-shot command's [`kiln::Session`]: the source file read and checked, then the rules
/// loaded, each one's diagnostics reported (warnings too), with the options of `rules`.
/// The session keeps no lowering ([`kiln::Session::set_keep_lowered`]): the command asks
/// once. `None` after reporting when the file cannot be read or has errors, or the rules
/// cannot be read or have errors.
pub(crate) struct OneShot {
    /// Never dropped: the process ends with the command, and freeing every function's
    /// parse and memo one by one took the main thread 20 ms at the end of lowering 2,000
    /// functions, with the other threads idle (clang's `-disable-free` for the same
    /// reason).
    pub(crate) session: std::mem::ManuallyDrop<kiln::Session>,
    /// The file's name as messages give it, which is also its path in the session.
    pub(crate) name: String,
    /// The file in the session's database.
    pub(crate) source: kiln::SourceFile,
}

impl OneShot {
    pub(crate) fn open(ctx: &Ctx, db: Database, file: &Path, rules: &RulesArg) -> Option<OneShot> {
        let text = read_program(ctx, file)?;
        let name = display(file);
        let sources = rule_sources(ctx, rules.dir.as_deref())?;
        let mut session = kiln::Session::with_database(db, sources);
        session.set_keep_lowered(false);
        session.set_c_interface(rules.c_interface);
        session.set_bare_ptr(rules.bare_ptr);
        session.set_source(&name, text);
        let source = session.source_file(&name)?;
        let one = OneShot {
            session: std::mem::ManuallyDrop::new(session),
            name,
            source,
        };
        let (diagnostics, rule_diagnostics) = one.session.diagnostics_with_rules(&one.name);
        ctx.report(&diagnostics, &one.name, one.text());
        if kiln::frontend::has_errors(&diagnostics) {
            return None;
        }
        let mut failed = false;
        for f in rule_diagnostics {
            ctx.report(&f.diagnostics, &f.path, &f.text);
            failed |= kiln::frontend::has_errors(&f.diagnostics);
        }
        (!failed).then_some(one)
    }

    /// The database the session's queries run on.
    pub(crate) fn db(&self) -> &Database {
        self.session.database()
    }

    /// The source's text.
    pub(crate) fn text(&self) -> &str {
        self.source.text(self.session.database())
    }

    /// What a request made, after reporting its diagnostics (and, when it failed before
    /// lowering anything, what stopped it); `None` when it failed.
    pub(crate) fn take<T>(&self, ctx: &Ctx, reported: kiln::Reported<T>) -> Option<T> {
        ctx.report(&reported.diagnostics, &self.name, self.text());
        match reported.value {
            Ok(v) => Some(v),
            Err(files) => {
                if reported.diagnostics.is_empty() {
                    for f in files {
                        ctx.report(&f.diagnostics, &f.path, &f.text);
                    }
                }
                None
            }
        }
    }
}

/// Writes `pieces` joined by newlines, as [`write_output`] writes one buffer: a large
/// output is never joined into one in memory.
pub(crate) fn write_output_lines(ctx: &Ctx, output: Option<&Path>, pieces: &[&str]) -> bool {
    write_output_with(ctx, output, |out| kiln::session::write_lines(out, pieces))
}

/// Writes to `-o` atomically or to standard output.
pub(crate) fn write_output(ctx: &Ctx, output: Option<&Path>, contents: &[u8]) -> bool {
    write_output_with(ctx, output, |out| out.write_all(contents))
}

/// What `write` writes, to `-o` atomically ([`kiln::write_atomically_with`]) or to standard
/// output (where a closed pipe is not an error).
fn write_output_with(
    ctx: &Ctx,
    output: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> bool {
    match output {
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let _ = write(&mut out).and_then(|()| out.flush());
            true
        }
        Some(out) => match kiln::write_atomically_with(out, write) {
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

pub(crate) fn display(path: &Path) -> String {
    kiln::display_path(path)
}

/// A program's text as the typed frontend reads it. A file in MLIR's generic form (what
/// `mlir-opt --mlir-print-op-generic` writes: `"builtin.module"() ({ ... })`) is read by the
/// generic IR and printed in custom form first, which is then what the typed frontend's
/// diagnostics quote; the generic reader's own errors are located in the file itself.
pub(crate) fn read_program(ctx: &Ctx, path: &Path) -> Option<String> {
    let text = read_input(ctx, path)?;
    if !in_generic_form(&text) {
        return Some(text);
    }
    match check::as_mlir_opt_prints(&text, &display(path), false) {
        Ok(custom) => Some(custom),
        Err(diags) => {
            ctx.report(&diags, &display(path), &text);
            None
        }
    }
}

/// Whether the file's first operation is written in generic form (after comments and the
/// alias definitions MLIR prints first).
fn in_generic_form(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .find(|l| {
            !(l.is_empty() || l.starts_with("//") || l.starts_with('#') || l.starts_with('!'))
        })
        .is_some_and(|l| l.starts_with('"'))
}

pub(crate) fn read_input(ctx: &Ctx, path: &Path) -> Option<String> {
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

pub(crate) fn exit(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads and checks a source file; `None` (after reporting) if it has errors.
pub(crate) fn checked_source(
    ctx: &Ctx,
    db: &Database,
    path: &Path,
) -> Option<(kiln::SourceFile, String, String)> {
    let text = read_program(ctx, path)?;
    let name = display(path);
    let (source, diags) = check_source(db, &name, &text);
    ctx.report(&diags, &name, &text);
    if kiln::frontend::has_errors(&diags) {
        return None;
    }
    Some((source, name, text))
}

/// The `--emit` of a command: the given one, or the one `output`'s extension implies, or
/// `default`; `None` (after a usage error) when the given one contradicts the extension.
pub(crate) fn choose_emit<E: ValueEnum + Copy>(
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

/// The shared cache `--cache` names (`None` without the flag); `Err` (after reporting it)
/// for a URL that names none.
pub(crate) fn open_cache(
    ctx: &Ctx,
    arg: &CacheArg,
) -> Result<Option<Arc<kiln::shared_cache::SharedCache>>, ExitCode> {
    match &arg.cache {
        None => Ok(None),
        Some(url) => match kiln::shared_cache::SharedCache::open(url) {
            Ok(cache) => Ok(Some(Arc::new(cache))),
            Err(e) => {
                ctx.fail("usage", "--cache", e);
                Err(ExitCode::from(2))
            }
        },
    }
}

/// Reports what the shared cache warned of since the last call (and, with
/// `--cache-stats`, what it did), after waiting for its writes.
pub(crate) fn report_cache(
    ctx: &Ctx,
    cache: Option<&Arc<kiln::shared_cache::SharedCache>>,
    stats: bool,
) {
    let Some(cache) = cache else {
        return;
    };
    cache.flush(std::time::Duration::from_secs(30));
    for w in cache.take_warnings() {
        ctx.warn("cache", cache.url(), w);
    }
    if stats {
        let s = cache.stats();
        eprintln!(
            "cache {}: {} hits, {} misses, {} stored, {} rejected",
            cache.url(),
            s.hits,
            s.misses,
            s.stored,
            s.rejected
        );
    }
}
