//! Fuzzing on the stable toolchain: a deterministic mutation fuzzer with five
//! targets, run by `scripts/fuzz.sh TARGET SECONDS` (through `examples/fuzz.rs`) and briefly
//! by `tests/fuzz.rs`. This loop is *behaviour-guided*: an input joins the corpus when its
//! outcome (the diagnostic codes and message shapes, the response codes) is new. The same
//! targets are also *coverage-guided* through libFuzzer: [`execute`] runs one input, and the
//! crate under `fuzz/` (built by `scripts/fuzz-cov.sh` on the stable toolchain) wraps it.
//!
//! The oracle is the same for every target: no panic, no hang, no unlocated diagnostic
//! (every span within its file), plus each target's own property (below). Runs are
//! deterministic for a seed: the same seed and number of executions give the same inputs.

pub mod input;

pub use input::execute;

use crate::verify::program::{Program, Size};
use crate::{check_source, format_file, CompiledRules, Database, RuleSource};
use kiln_frontend::rng::Rng;
use std::collections::HashSet;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a target fuzzes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `check` + `fmt`: fmt's output checks and prints the same again; every 25th accepted
    /// input is also given to `mlir-opt-19`, which must accept what fmt printed.
    Frontend,
    /// The rule-file checker, on one shipped rule file mutated among the others; a clean
    /// set must also compile.
    Rules,
    /// `kiln serve`'s protocol: sequences of JSON-line requests; one JSON response with an
    /// `id` and a `result` or an `error` per request, and the server never stops early.
    Serve,
    /// `kiln run`'s argument parsing (flags among arguments, values of every kind): exit
    /// 0, 1 or 2, never a signal or a panic, and an `error` on standard error when not 0.
    RunArgs,
    /// Generated programs lowered and JIT-compiled against the interpreter (`kiln verify`'s
    /// checker), one seed per execution.
    Lowering,
}

/// Every target with the name `scripts/fuzz.sh` and `examples/fuzz.rs` give it.
pub const TARGETS: &[(&str, Target)] = &[
    ("frontend", Target::Frontend),
    ("rules", Target::Rules),
    ("serve", Target::Serve),
    ("run-args", Target::RunArgs),
    ("lowering", Target::Lowering),
];

impl Target {
    /// The target of a name in [`TARGETS`].
    pub fn parse(name: &str) -> Option<Target> {
        TARGETS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// The target's name in [`TARGETS`].
    pub fn name(self) -> &'static str {
        TARGETS
            .iter()
            .find(|(_, t)| *t == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }
}

/// How to run a target.
#[derive(Clone, Debug)]
pub struct Config {
    /// The repository (seeds come from its `corpus/`, `rules/` and `tests/`).
    pub root: PathBuf,
    /// The seed of the mutations (and of the `lowering` target's programs): a run is
    /// reproducible from it and its number of executions.
    pub seed: u64,
    /// How long to run, wall-clock.
    pub budget: Duration,
    /// The `kiln` binary, for `run-args` (which runs it as a process).
    pub kiln: Option<PathBuf>,
    /// Whether the frontend target asks `mlir-opt-19` (when it is installed).
    pub mlir: bool,
}

/// Something the oracle rejected, with the input that shows it.
#[derive(Clone, Debug)]
pub struct Finding {
    /// What kind of problem: `panic`, `unlocated` (a diagnostic outside its file),
    /// `round-trip`, `crash`, or a target's own (`serve`, `lowering`, ...).
    pub kind: &'static str,
    /// What went wrong (a panic's message, the property that failed).
    pub message: String,
    /// The input that shows it, in the target's input format.
    pub input: Vec<u8>,
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Inputs run.
    pub executions: u64,
    /// Inputs kept because their outcome was new (seeds included).
    pub corpus: usize,
    /// Executions whose input made `kiln run` exceed its time (a mutated loop count), not
    /// counted as findings.
    pub timeouts: u64,
    /// Frontend inputs whose printed form `mlir-opt-19` was asked to accept (one accepted
    /// input in 25, when it is installed and [`Config::mlir`] is set).
    pub mlir_checked: u64,
    /// Frontend inputs kiln accepted (the round trip and mlir-opt checks ran on these).
    pub accepted: u64,
    /// What the oracle rejected (the run stops at 20).
    pub findings: Vec<Finding>,
}

/// Tokens worth inserting: MLIR syntax, rule syntax, JSON, numbers at the edges.
const DICTIONARY: &[&str] = &[
    "memref<",
    "memref<*xf32>",
    "memref<?x?xf32>",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "<",
    ">",
    "%",
    "%0",
    "^bb1",
    "^bb1(%x: index)",
    "@f",
    ":",
    ",",
    "=",
    "->",
    "index",
    "i1",
    "i64",
    "f16",
    "bf16",
    "x",
    "?",
    "strided<[1], offset: ?>",
    "func.func",
    "func.return",
    "arith.constant 0 : index",
    "cf.br",
    "cf.cond_br",
    "memref.cast",
    "\"",
    "//",
    "\n",
    "\u{0}",
    "\u{feff}",
    "é",
    "-1",
    "0",
    "1",
    "-9223372036854775808",
    "9223372036854775807",
    "18446744073709551616",
    "1e309",
    "nan",
    "0x",
    "rule",
    "decl",
    "phase",
    "test",
    "in",
    "=>",
    "<=>",
    "?x",
    "if",
    "(+ ?a 1)",
    "source",
    "target",
    "effect",
    ";",
    "null",
    "true",
    "\"id\":",
    "\"method\":",
    "\"params\":",
    "\"path\"",
    "\"text\"",
    "\"emit\"",
    "\"opt\"",
    "--entry",
    "--via-mlir",
    "--fuel",
    "--stack-size",
    "--",
    "--x=1",
    "-",
    "f32[]=",
    "f32[2;strides=1;offset=0]=",
    "i64[0]=",
    ";strides=",
    ";offset=",
];

fn mutate(rng: &mut Rng, input: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + rng.index(4) {
        let n = out.len();
        let at = rng.index(n + 1);
        match rng.index(9) {
            0 if n > 0 => {
                let len = 1 + rng.index((n - at.min(n - 1)).min(64));
                let at = at.min(n - 1);
                out.drain(at..(at + len).min(n));
            }
            1 if n > 0 => {
                let at = at.min(n - 1);
                let len = 1 + rng.index((n - at).min(64));
                let piece = out[at..at + len].to_vec();
                out.splice(at..at, piece);
            }
            2 | 3 => {
                let tok = rng.pick(DICTIONARY).as_bytes();
                out.splice(at..at, tok.iter().copied());
            }
            4 if n > 0 => {
                let i = at.min(n - 1);
                out[i] = match rng.index(3) {
                    0 => out[i] ^ (1 << rng.index(8)),
                    1 => rng.pick(b"[]{}()<>%^@:,?x0-\"\n"),
                    _ => rng.next_u64() as u8,
                };
            }
            5 if !corpus.is_empty() => {
                let other = &corpus[rng.index(corpus.len())];
                let from = rng.index(other.len() + 1);
                let len = rng.index((other.len() - from).min(256) + 1);
                out.splice(at..at, other[from..from + len].iter().copied());
            }
            6 => {
                // Lines swapped or dropped: structure-level changes.
                let mut lines: Vec<Vec<u8>> =
                    out.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
                let (a, b) = (rng.index(lines.len()), rng.index(lines.len()));
                if rng.index(2) == 0 {
                    lines.swap(a, b);
                } else if lines.len() > 1 {
                    lines.remove(a);
                }
                out = lines.join(&b'\n');
            }
            7 => {
                // Nesting: one opening token many times.
                let tok = rng.pick(&["[", "memref<", "(", "{", "<"]).as_bytes();
                let times = 1 + rng.index(3000);
                let piece: Vec<u8> = tok
                    .iter()
                    .copied()
                    .cycle()
                    .take(tok.len() * times)
                    .collect();
                out.splice(at..at, piece);
            }
            _ => {
                let tok = rng
                    .pick(&[
                        "-1",
                        "0",
                        "9223372036854775807",
                        "-9223372036854775808",
                        "4294967296",
                    ])
                    .as_bytes();
                out.splice(at..at, tok.iter().copied());
            }
        }
    }
    out.truncate(1 << 17);
    out
}

fn files_under(dir: &Path, ext: &str, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, ext, into);
        } else if p.extension().is_some_and(|e| e == ext) {
            into.push(p);
        }
    }
}

fn read_all(paths: &[PathBuf]) -> Vec<Vec<u8>> {
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// The seed corpus of a target.
fn seeds(target: Target, root: &Path) -> Vec<Vec<u8>> {
    let mut mlir = Vec::new();
    files_under(&root.join("corpus"), "mlir", &mut mlir);
    files_under(&root.join("tests"), "mlir", &mut mlir);
    match target {
        Target::Frontend => read_all(&mlir),
        Target::Rules => {
            let mut r = Vec::new();
            files_under(&root.join("rules"), "rules", &mut r);
            files_under(&root.join("tests/rules"), "rules", &mut r);
            read_all(&r)
        }
        Target::Serve => read_all(&mlir)
            .into_iter()
            .take(12)
            .map(|text| {
                let text = String::from_utf8_lossy(&text).into_owned();
                let lines = [
                    serde_json::json!({"id": 1, "method": "open", "params": {"path": "a.mlir", "text": text}}),
                    serde_json::json!({"id": 2, "method": "diagnostics", "params": {"path": "a.mlir"}}),
                    serde_json::json!({"id": 3, "method": "compile", "params": {"path": "a.mlir", "emit": "lowered"}}),
                    serde_json::json!({"id": 4, "method": "set_options", "params": {"emit_c_interface": true, "cpu": null}}),
                    serde_json::json!({"id": 5, "method": "change", "params": {"path": "a.mlir", "text": "func.func @f() {\n  func.return\n}\n"}}),
                    serde_json::json!({"id": 6, "method": "compile", "params": {"path": "a.mlir", "emit": "llvm-ir", "opt": 1}}),
                    serde_json::json!({"id": 7, "method": "close", "params": {"path": "a.mlir"}}),
                    serde_json::json!({"id": 8, "method": "shutdown"}),
                ];
                lines.iter().map(|l| format!("{l}\n")).collect::<String>().into_bytes()
            })
            .collect(),
        Target::RunArgs => {
            let mut out = Vec::new();
            for p in &mlir {
                let Ok(text) = std::fs::read_to_string(p) else {
                    continue;
                };
                let rel = p.strip_prefix(root).unwrap_or(p).display().to_string();
                for l in text.lines().filter_map(|l| l.trim().strip_prefix("// run:")) {
                    let mut words: Vec<String> = l.split_whitespace().map(str::to_string).collect();
                    if words.is_empty() {
                        continue;
                    }
                    let entry = words.remove(0);
                    let mut argv = vec![rel.clone(), "--entry".to_string(), entry];
                    argv.extend(words);
                    out.push(argv.join("\u{1f}").into_bytes());
                }
            }
            out
        }
        Target::Lowering => Vec::new(),
    }
}

/// The outcome of one execution: a signature (for guidance), or a finding.
type Outcome = Result<String, (&'static str, String)>;

/// Whether every diagnostic's span lies within `text`; the first one that does not.
fn unlocated(diags: &[crate::Diagnostic], len: usize) -> Option<String> {
    diags
        .iter()
        .find(|d| d.span.start > d.span.end || d.span.end as usize > len)
        .map(|d| {
            format!(
                "span {}..{} outside the {len}-byte file: {}",
                d.span.start, d.span.end, d.message
            )
        })
}

fn shape(diags: &[crate::Diagnostic]) -> String {
    let mut s: Vec<String> = diags
        .iter()
        .map(|d| {
            let m: String = d
                .message
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .take(16)
                .collect();
            format!("{}:{m}", d.code)
        })
        .collect();
    s.sort();
    s.dedup();
    s.join("|")
}

fn exec_frontend(input: &[u8], mlir: bool, report: &mut Report) -> Outcome {
    let text = String::from_utf8_lossy(input);
    let db = Database::new();
    let (file, diags) = check_source(&db, "fuzz.mlir", &text);
    if let Some(m) = unlocated(&diags, text.len()) {
        return Err(("unlocated", m));
    }
    for d in diags.iter().take(3) {
        let _ = crate::report::to_human(d, "fuzz.mlir", &text, false);
    }
    if diags.iter().any(|d| d.is_error()) {
        return Ok(shape(&diags));
    }
    let printed = format_file(&db, file);
    let db2 = Database::new();
    let (file2, diags2) = check_source(&db2, "printed.mlir", &printed);
    if let Some(d) = diags2.iter().find(|d| d.is_error()) {
        return Err((
            "round-trip",
            format!("fmt's output does not check: {}\n{printed}", d.message),
        ));
    }
    if format_file(&db2, file2) != printed {
        return Err((
            "round-trip",
            format!("fmt's output prints differently\n{printed}"),
        ));
    }
    report.accepted += 1;
    if mlir && report.accepted % 25 == 1 {
        if let Some(opt) = crate::reference::tool("mlir-opt") {
            report.mlir_checked += 1;
            let o = Command::new(opt)
                .arg("--allow-unregistered-dialect")
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .and_then(|mut c| {
                    if let Some(mut i) = c.stdin.take() {
                        i.write_all(printed.as_bytes())?;
                    }
                    c.wait_with_output()
                });
            if let Ok(o) = o {
                if !o.status.success() {
                    return Err((
                        "mlir-rejects",
                        format!(
                            "mlir-opt-19: {}\n{printed}",
                            String::from_utf8_lossy(&o.stderr)
                        ),
                    ));
                }
            }
        }
    }
    Ok(format!("ok:{}", shape(&diags)))
}

fn exec_rules(input: &[u8], base: &[RuleSource], which: usize) -> Outcome {
    let mut files = base.to_vec();
    let text = String::from_utf8_lossy(input).into_owned();
    if let Some(f) = files.get_mut(which) {
        f.text = text;
    }
    let loaded = crate::load_rules(files);
    for d in &loaded.diagnostics {
        let len = loaded.rules.files.get(d.file).map_or(0, |f| f.text.len());
        if let Some(m) = unlocated(std::slice::from_ref(&d.diagnostic), len) {
            return Err(("unlocated", m));
        }
    }
    let diags: Vec<crate::Diagnostic> = loaded
        .diagnostics
        .iter()
        .map(|d| d.diagnostic.clone())
        .collect();
    if !loaded.has_errors() {
        // Compiled only to exercise the compiler: a rule set the checker accepts must
        // compile without a panic (there is no error to report).
        CompiledRules::new(Arc::new(loaded.rules));
    }
    Ok(shape(&diags))
}

fn exec_serve(input: &[u8]) -> Outcome {
    // Writing files where a mutated path points is not this fuzzer's business (harden.rs
    // tests `output_path`); such inputs are not run.
    if input.windows(11).any(|w| w == b"output_path") {
        return Ok("skipped".to_string());
    }
    let mut out = Vec::new();
    let reader = std::io::Cursor::new(input.to_vec());
    if let Err(e) = crate::serve::serve_with_limit(reader, &mut out, 1 << 20) {
        return Err(("io", format!("serve failed: {e}")));
    }
    let requests = input
        .split(|b| *b == b'\n')
        .filter(|l| !String::from_utf8_lossy(l).trim().is_empty())
        .count();
    let text = String::from_utf8_lossy(&out);
    let mut codes = Vec::new();
    let stopped = input.windows(8).any(|w| w == b"shutdown");
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| ("bad-response", format!("not JSON ({e}): {line}")))?;
        if v.get("id").is_none() || (v.get("result").is_none() == v.get("error").is_none()) {
            return Err((
                "bad-response",
                format!("no id, or not one of result/error: {line}"),
            ));
        }
        let code = v
            .pointer("/error/code")
            .and_then(|c| c.as_str())
            .unwrap_or("ok");
        codes.push(code.to_string());
    }
    let answered = text.lines().count();
    // Only `shutdown` (or a request naming it) may end the session before the last request.
    if answered < requests && !stopped {
        return Err((
            "stopped-early",
            format!("{answered} responses to {requests} requests"),
        ));
    }
    codes.dedup();
    Ok(codes.join(","))
}

fn exec_run_args(input: &[u8], kiln: &Path, root: &Path, report: &mut Report) -> Outcome {
    let argv: Vec<String> = String::from_utf8_lossy(input)
        .split('\u{1f}')
        .map(|s| s.replace('\0', ""))
        .collect();
    let mut child = Command::new(kiln)
        .current_dir(root)
        .args(["run", "--color", "never"])
        .args(&argv)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| ("io", format!("cannot run {}: {e}", kiln.display())))?;
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > Duration::from_secs(20) => {
                let _ = child.kill();
                let _ = child.wait();
                report.timeouts += 1;
                return Ok("timeout".to_string());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(("io", e.to_string())),
        }
    }
    let o = child
        .wait_with_output()
        .map_err(|e| ("io", e.to_string()))?;
    let err = String::from_utf8_lossy(&o.stderr);
    let code = o.status.code();
    if err.contains("panicked") || !matches!(code, Some(0..=2)) {
        return Err(("crash", format!("exit {:?}: {err}", o.status)));
    }
    if code != Some(0) && !err.to_ascii_lowercase().contains("error") {
        return Err((
            "unexplained",
            format!("exit {code:?} without an error: {err}"),
        ));
    }
    let first: String = err
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_ascii_digit())
        .take(40)
        .collect();
    Ok(format!("{code:?}:{first}"))
}

fn exec_lowering(seed: u64, rules: &Arc<CompiledRules>) -> Outcome {
    let size = Size::of(4 + (seed % 12) as usize);
    let p = Program::generate(seed, size);
    match crate::verify::Verifier::new(rules.clone()).check(&p, seed) {
        Ok(()) => Ok(String::new()),
        Err(f) => Err((
            "miscompile",
            format!("seed {seed}, size {size:?}: {f}\n{}", p.text()),
        )),
    }
}

thread_local! {
    static PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// One execution longer than this is a hang.
pub const HANG: Duration = Duration::from_secs(60);

/// Runs `target` for `cfg.budget` on a thread with a 512 MiB stack (as the CLI lowers).
/// Panics are caught and reported as findings; a hang (one execution over [`HANG`]) ends
/// the process with exit code 3 after printing the input to standard error, since a stuck
/// thread cannot be stopped.
pub fn run(target: Target, cfg: &Config) -> Result<Report, String> {
    let cfg = cfg.clone();
    let current: Arc<Current> = Arc::default();
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (c, d) = (current.clone(), done.clone());
    let watchdog = std::thread::spawn(move || {
        while !d.load(std::sync::atomic::Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
            let guard = c.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((t, input)) = guard.as_ref() {
                if t.elapsed() > HANG {
                    eprintln!(
                        "fuzz {}: hang: one execution took over {} s; its input:\n{}",
                        target.name(),
                        HANG.as_secs(),
                        String::from_utf8_lossy(input)
                    );
                    std::process::exit(3);
                }
            }
        }
    });
    let worker = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || fuzz_loop(target, &cfg, &current))
        .map_err(|e| format!("cannot start the fuzzing thread: {e}"))?;
    let result = worker
        .join()
        .unwrap_or_else(|_| Err("the fuzzing loop panicked outside an execution".to_string()));
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = watchdog.join();
    result
}

type Current = std::sync::Mutex<Option<(Instant, Vec<u8>)>>;

fn fuzz_loop(target: Target, cfg: &Config, current: &Current) -> Result<Report, String> {
    let mut rng = Rng::new(cfg.seed);
    let mut corpus = seeds(target, &cfg.root);
    if target != Target::Lowering && corpus.is_empty() {
        return Err(format!(
            "no seeds for `{}` under {}",
            target.name(),
            cfg.root.display()
        ));
    }
    let base_rules = crate::shipped::shipped_rules();
    let compiled = match target {
        Target::Lowering => {
            let loaded = crate::load_rules(base_rules.clone());
            Some(Arc::new(CompiledRules::new(Arc::new(loaded.rules))))
        }
        _ => None,
    };
    let kiln = match (target, &cfg.kiln) {
        (Target::RunArgs, None) => return Err("run-args needs the kiln binary".to_string()),
        (_, k) => k.clone().unwrap_or_default(),
    };
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
    }));
    let mut report = Report::default();
    let mut seen = HashSet::new();
    let start = Instant::now();
    let mut i = 0usize;
    while start.elapsed() < cfg.budget {
        // Seeds first, unmutated; then mutations of the corpus.
        let (input, which) = if i < corpus.len() {
            (corpus[i].clone(), i)
        } else {
            let k = rng.index(corpus.len().max(1));
            let base = corpus.get(k).cloned().unwrap_or_default();
            (mutate(&mut rng, &base, &corpus), k)
        };
        i += 1;
        let lowering_seed = cfg
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(report.executions);
        *current.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), input.clone()));
        let outcome = catch_unwind(AssertUnwindSafe(|| match target {
            Target::Frontend => exec_frontend(&input, cfg.mlir, &mut report),
            Target::Rules => {
                let which = which % base_rules.len().max(1);
                exec_rules(&input, &base_rules, which)
            }
            Target::Serve => exec_serve(&input),
            Target::RunArgs => exec_run_args(&input, &kiln, &cfg.root, &mut report),
            Target::Lowering => match compiled.as_ref() {
                Some(rules) => exec_lowering(lowering_seed, rules),
                None => Err(("internal", "the shipped rules did not compile".to_string())),
            },
        }));
        report.executions += 1;
        *current.lock().unwrap_or_else(|e| e.into_inner()) = None;
        let input = match target {
            Target::Lowering => lowering_seed.to_string().into_bytes(),
            _ => input,
        };
        match outcome {
            Ok(Ok(sig)) => {
                if target != Target::Lowering
                    && seen.insert(sig)
                    && corpus.len() < 4000
                    && i > corpus.len()
                {
                    corpus.push(input);
                }
            }
            Ok(Err((kind, message))) => report.findings.push(Finding {
                kind,
                message,
                input,
            }),
            Err(_) => {
                let message = PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
                report.findings.push(Finding {
                    kind: "panic",
                    message,
                    input,
                });
            }
        }
        if report.findings.len() >= 20 {
            break;
        }
    }
    std::panic::set_hook(previous);
    report.corpus = corpus.len();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutation_is_deterministic_and_changes_input() {
        let corpus = vec![b"func.func @f() {\n  func.return\n}\n".to_vec()];
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..50)
                .map(|_| mutate(&mut rng, &corpus[0], &corpus))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert!(run(7).iter().any(|m| m != &corpus[0]));
    }

    #[test]
    fn the_oracle_rejects_a_span_outside_the_file() {
        let d = crate::Diagnostic::error("x", kiln_frontend::Span { start: 3, end: 9 }, "m");
        assert!(unlocated(std::slice::from_ref(&d), 8).is_some());
        assert!(unlocated(std::slice::from_ref(&d), 9).is_none());
    }

    #[test]
    fn the_serve_oracle_counts_requests_up_to_shutdown() {
        // Two requests and no shutdown: two answers are expected, and given.
        let two = b"{\"id\":1,\"method\":\"nope\"}\nnot json\n";
        assert!(exec_serve(two).is_ok());
        // Answered requests after `shutdown` are not expected.
        let stop = b"{\"id\":1,\"method\":\"shutdown\"}\n{\"id\":2,\"method\":\"nope\"}\n";
        assert!(exec_serve(stop).is_ok());
    }
}
