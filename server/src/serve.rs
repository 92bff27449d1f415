//! `kiln serve`: a [`Session`] behind a JSON-lines protocol on standard input and output,
//! for toolchains not written in Rust. `docs/book/src/reference/serve.md` documents the
//! protocol.

use kiln_driver::report::to_json_value;
use kiln_driver::{FileDiagnostics, Session};
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::time::Instant;

/// Why a request failed.
struct Failure {
    code: &'static str,
    message: String,
}

fn fail(code: &'static str, message: impl Into<String>) -> Failure {
    Failure {
        code,
        message: message.into(),
    }
}

/// Diagnostics as the objects `kiln --error-format json` prints, each naming its own file
/// (a source, or a rule file).
fn diagnostics_json(files: &[FileDiagnostics]) -> Vec<Value> {
    let mut out = Vec::new();
    for f in files {
        let index = kiln_frontend::LineIndex::new(&f.text);
        out.extend(
            kiln_driver::report::capped(&f.diagnostics)
                .iter()
                .map(|d| to_json_value(d, &f.path, &index)),
        );
    }
    out
}

/// The `path` parameter, which must name an open file.
fn open_path<'a>(s: &Session, params: &'a Value) -> Result<&'a str, Failure> {
    let path = str_param(params, "path")?;
    if !s.has_source(path) {
        return Err(fail("unknown-file", format!("no file `{path}` is open")));
    }
    Ok(path)
}

fn str_param<'a>(params: &'a Value, key: &str) -> Result<&'a str, Failure> {
    params
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| fail("bad-params", format!("`params.{key}` must be a string")))
}

fn offset_param(params: &Value, key: &str) -> Result<usize, Failure> {
    params
        .get(key)
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| {
            fail(
                "bad-params",
                format!("`params.{key}` must be a byte offset (a non-negative integer)"),
            )
        })
}

/// Answers a `compile` request from a session (a snapshot's, on the compiling thread).
fn compile(s: &Session, params: &Value) -> Result<Option<Value>, Failure> {
    let path = open_path(s, params)?;
    let given = match params.get("emit") {
        None | Some(Value::Null) => None,
        Some(Value::String(e)) => Some(e.as_str()),
        Some(_) => return Err(fail("bad-params", "`emit` must be a string")),
    };
    let opt = match params.get("opt") {
        None | Some(Value::Null) => 0,
        Some(o) => match o.as_u64() {
            Some(o @ 0..=3) => o as u8,
            _ => return Err(fail("bad-params", "`opt` is 0, 1, 2 or 3")),
        },
    };
    let output_path = match params.get("output_path") {
        None | Some(Value::Null) => None,
        // Standard output carries the responses.
        Some(Value::String(p)) if p == "-" => {
            return Err(fail("bad-params", "`output_path` cannot be `-` in serve"))
        }
        Some(Value::String(p)) => Some(p.as_str()),
        Some(_) => return Err(fail("bad-params", "`output_path` must be a string")),
    };
    // As `kiln compile` does: an output file's extension implies the kind when none
    // is given (`f.o` is an object), and a given kind may not contradict it.
    let emit = kiln_driver::resolve_emit(
        given,
        output_path.map(std::path::Path::new),
        &["lowered", "llvm-ir", "asm", "obj"],
        "llvm-ir",
    )
    .map_err(|e| fail("bad-params", e.replace("--emit ", "emit: ")))?;
    let start = Instant::now();
    let e = match emit {
        "lowered" => None,
        "llvm-ir" => Some(kiln_backend::Emit::LlvmIr),
        "asm" => Some(kiln_backend::Emit::Asm),
        "obj" if output_path.is_some() => Some(kiln_backend::Emit::Obj),
        "obj" => {
            return Err(fail(
                "bad-params",
                "`emit: obj` writes a binary file: give `output_path`",
            ))
        }
        other => {
            return Err(fail(
                "bad-params",
                format!("`emit` is `lowered`, `llvm-ir`, `asm` or `obj`, not `{other}`"),
            ))
        }
    };
    let (built, work) = s.counting(|s| match e {
        None => s
            .lowered_text(path, None)
            .into_result()
            .map(String::into_bytes),
        Some(e) => s.compile(path, e, opt).into_result(),
    });
    let output = match built {
        Ok(o) => o,
        Err(files) => return Ok(Some(json!({ "errors": diagnostics_json(&files) }))),
    };
    let mut result = json!({
        "relowered": work.lowered,
        "regenerated": work.generated,
        "recompiled_units": work.units,
        "recompiled_parts": work.parts,
        "milliseconds": start.elapsed().as_secs_f64() * 1000.0,
    });
    // With `output_path`, the output goes to that file (atomically: a reader never
    // sees half of it) instead of the response.
    match output_path {
        Some(p) => {
            kiln_driver::write_atomically(std::path::Path::new(p), &output)
                .map_err(|e| fail("io", format!("cannot write `{p}`: {e}")))?;
            result["written"] = json!(p);
        }
        None => {
            // Moved, not copied, when valid (lowered text, LLVM IR and assembly are).
            let text = String::from_utf8(output)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            result["output"] = json!(text);
        }
    }
    Ok(Some(result))
}

/// Answers one request but `compile`; `Ok(None)` for `shutdown`.
fn handle(s: &mut Session, method: &str, params: &Value) -> Result<Option<Value>, Failure> {
    match method {
        "open" | "change" => {
            let path = str_param(params, "path")?;
            let text = str_param(params, "text")?;
            s.set_source(path, text);
            Ok(Some(json!({ "ok": true })))
        }
        "edit" => {
            let path = open_path(s, params)?;
            let (start, end) = (offset_param(params, "start")?, offset_param(params, "end")?);
            let text = str_param(params, "text")?;
            s.edit_source(path, start..end, text)
                .map_err(|e| fail("bad-params", e.to_string()))?;
            Ok(Some(json!({ "ok": true })))
        }
        "apply" => {
            let steps = params
                .get("changes")
                .and_then(Value::as_array)
                .ok_or_else(|| fail("bad-params", "`params.changes` must be an array"))?;
            let mut change = kiln_driver::Change::default();
            for (i, step) in steps.iter().enumerate() {
                let at =
                    |f: Failure| fail(f.code, format!("step {i} of the change: {}", f.message));
                match step.get("method").and_then(Value::as_str) {
                    Some("open" | "change") => {
                        let path = str_param(step, "path").map_err(at)?;
                        change.set_source(path, str_param(step, "text").map_err(at)?);
                    }
                    Some("edit") => {
                        let path = str_param(step, "path").map_err(at)?;
                        let start = offset_param(step, "start").map_err(at)?;
                        let end = offset_param(step, "end").map_err(at)?;
                        change.edit_source(path, start..end, str_param(step, "text").map_err(at)?);
                    }
                    Some("close") => {
                        change.remove_source(str_param(step, "path").map_err(at)?);
                    }
                    _ => {
                        return Err(at(fail(
                            "bad-params",
                            "`method` is `open`, `change`, `edit` or `close`",
                        )))
                    }
                }
            }
            s.apply_change(change).map_err(|e| {
                let code = match e.error {
                    kiln_driver::EditError::UnknownFile(_) => "unknown-file",
                    kiln_driver::EditError::BadRange { .. } => "bad-params",
                };
                fail(code, e.to_string())
            })?;
            Ok(Some(json!({ "ok": true })))
        }
        "close" => {
            let path = str_param(params, "path")?;
            Ok(Some(json!({ "closed": s.remove_source(path) })))
        }
        "set_rules" => {
            if let Some(dir) = params.get("dir").and_then(Value::as_str) {
                s.set_rules_dir(std::path::Path::new(dir))
                    .map_err(|e| fail("io", format!("cannot read `{dir}`: {e}")))?;
            } else if let Some(files) = params.get("files").and_then(Value::as_array) {
                let mut sources = Vec::new();
                for f in files {
                    sources.push(kiln_driver::RuleSource {
                        path: str_param(f, "path")?.to_string(),
                        text: str_param(f, "text")?.to_string(),
                    });
                }
                s.set_rules(sources);
            } else if params.get("shipped").and_then(Value::as_bool) == Some(true) {
                s.set_rules(kiln_driver::shipped::shipped_rules());
            } else {
                return Err(fail(
                    "bad-params",
                    "`set_rules` takes `dir`, `files` or `shipped: true`",
                ));
            }
            Ok(Some(
                json!({ "diagnostics": diagnostics_json(&s.rule_diagnostics()) }),
            ))
        }
        "set_options" => {
            // Every option is checked before any is applied, so a bad request changes nothing.
            let params = params
                .as_object()
                .ok_or_else(|| fail("bad-params", "`params` must be an object"))?;
            if let Some(k) = params.keys().find(|k| {
                !matches!(
                    k.as_str(),
                    "emit_c_interface" | "bare_ptr_memref_call_conv" | "target" | "cpu"
                )
            }) {
                return Err(fail(
                    "bad-params",
                    format!(
                        "no option `{k}` (the options are `emit_c_interface`, `bare_ptr_memref_call_conv`, `target` and `cpu`)"
                    ),
                ));
            }
            let flag = |key: &str| -> Result<Option<bool>, Failure> {
                match params.get(key) {
                    None => Ok(None),
                    Some(Value::Bool(b)) => Ok(Some(*b)),
                    Some(other) => Err(fail(
                        "bad-params",
                        format!("`{key}` is `true` or `false`, not `{other}`"),
                    )),
                }
            };
            let c_interface = flag("emit_c_interface")?;
            let bare_ptr = flag("bare_ptr_memref_call_conv")?;
            let text = |key: &str| -> Result<Option<String>, Failure> {
                match params.get(key) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::String(t)) if t.is_empty() => Err(fail(
                        "bad-params",
                        format!("`{key}` is a non-empty string, or null for the default"),
                    )),
                    Some(Value::String(t)) => Ok(Some(t.clone())),
                    Some(_) => Err(fail("bad-params", format!("`{key}` is a string or null"))),
                }
            };
            let target = if params.contains_key("target") || params.contains_key("cpu") {
                // An option the request leaves out keeps its value.
                let (triple, cpu) = s.target();
                let opts = kiln_backend::CodegenOptions {
                    triple: if params.contains_key("target") {
                        text("target")?
                    } else {
                        triple
                    },
                    cpu: if params.contains_key("cpu") {
                        text("cpu")?
                    } else {
                        cpu
                    },
                    opt_level: 0,
                };
                // Creating the target machine checks the CPU against the target's CPUs.
                kiln_backend::target_machine(&opts)
                    .map_err(|e| fail("bad-params", e.to_string()))?;
                Some(opts)
            } else {
                None
            };
            if let Some(c) = c_interface {
                s.set_c_interface(c);
            }
            if let Some(b) = bare_ptr {
                s.set_bare_ptr(b);
            }
            if let Some(opts) = target {
                s.set_target(opts.triple, opts.cpu);
            }
            Ok(Some(json!({ "ok": true })))
        }
        "diagnostics" => {
            let path = open_path(s, params)?;
            let file = FileDiagnostics {
                path: path.to_string(),
                text: s.text(path).unwrap_or_default(),
                diagnostics: s.diagnostics(path),
            };
            Ok(Some(json!({ "diagnostics": diagnostics_json(&[file]) })))
        }
        "shutdown" => Ok(None),
        other => Err(fail("unknown-method", format!("no method `{other}`"))),
    }
}

/// The longest request line `kiln serve` reads (a source file travels in one line): a longer
/// line is skipped without being kept in memory and answered with a `too-large` error.
pub const MAX_REQUEST_BYTES: usize = 256 << 20;

/// One request line, read without keeping more than `max` bytes of it.
enum Line {
    Text(String),
    NotUtf8 { offset: usize },
    TooLong { bytes: usize },
}

/// Reads the next line (without its newline); `None` at end of input.
fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut total = 0usize;
    let mut seen = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        seen = true;
        // A request carries whole files: find its end with a vectorized search.
        let (part, done) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        total += part.len();
        if total <= max {
            buf.extend_from_slice(part);
        } else {
            // Past the limit the rest of the line is only counted, so memory stays bounded.
            buf = Vec::new();
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !seen {
        return Ok(None);
    }
    if total > max {
        return Ok(Some(Line::TooLong { bytes: total }));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(s) => Line::Text(s),
        Err(e) => Line::NotUtf8 {
            offset: e.utf8_error().valid_up_to(),
        },
    }))
}

/// Serves requests from `input` until `shutdown` or end of input; one response per line.
pub fn serve(input: impl BufRead + Send + 'static, output: impl Write) -> std::io::Result<()> {
    serve_with_limit(input, output, MAX_REQUEST_BYTES)
}

/// [`serve`] with a shared cache of compiled code for the session
/// ([`Session::set_shared_cache`]).
pub fn serve_with_cache(
    input: impl BufRead + Send + 'static,
    output: impl Write,
    cache: Option<std::sync::Arc<kiln_driver::shared_cache::SharedCache>>,
) -> std::io::Result<()> {
    serve_session(input, output, MAX_REQUEST_BYTES, cache)
}

/// [`serve`] with another longest request line (`max_line` bytes).
pub fn serve_with_limit(
    input: impl BufRead + Send + 'static,
    output: impl Write,
    max_line: usize,
) -> std::io::Result<()> {
    serve_session(input, output, max_line, None)
}

/// What the serving loop waits for: a request line from the reader thread, or the answer
/// of the compile running on its own thread.
enum Event {
    Line(std::io::Result<Option<Line>>),
    Compiled(Value, Result<Option<Value>, Failure>),
    /// The compiling thread panicked: the loop panics with the same payload, as it did
    /// when it compiled on its own thread.
    Panicked(Box<dyn std::any::Any + Send>),
}

/// The compile running on its own thread, if any, and the lines that arrived while the
/// loop waited for it.
struct Compiling {
    /// The id of the running compile's request.
    id: Option<Value>,
    /// Whether the compile [`Compiling::finish`] last waited for was cancelled.
    cancelled: bool,
    backlog: std::collections::VecDeque<std::io::Result<Option<Line>>>,
}

impl Compiling {
    /// Waits for the running compile's answer and writes it (keeping the lines that arrive
    /// meanwhile for later).
    fn finish(
        &mut self,
        events: &std::sync::mpsc::Receiver<Event>,
        output: &mut impl Write,
    ) -> std::io::Result<()> {
        while self.id.is_some() {
            match events.recv() {
                Ok(Event::Compiled(id, response)) => {
                    self.id = None;
                    self.cancelled = matches!(&response, Err(f) if f.code == "cancelled");
                    reply(output, id, response)?;
                }
                Ok(Event::Line(line)) => self.backlog.push_back(line),
                Ok(Event::Panicked(payload)) => std::panic::resume_unwind(payload),
                // The loop holds a sender, so the channel does not close while it waits.
                Err(_) => self.id = None,
            }
        }
        Ok(())
    }
}

/// Writes the response to request `id`; whether it was `shutdown`'s.
fn reply(
    output: &mut impl Write,
    id: Value,
    response: Result<Option<Value>, Failure>,
) -> std::io::Result<bool> {
    let (reply, stop) = match response {
        Ok(Some(result)) => (json!({ "id": id, "result": result }), false),
        Ok(None) => (json!({ "id": id, "result": { "ok": true } }), true),
        Err(f) => (
            json!({ "id": id, "error": { "code": f.code, "message": f.message } }),
            false,
        ),
    };
    writeln!(output, "{reply}")?;
    output.flush()?;
    Ok(stop)
}

/// The methods that only read the session, answered at once even while a compile runs.
fn reads_only(method: &str) -> bool {
    method == "diagnostics"
}

/// The serving loop. A reader thread reads the request lines, so that while a `compile`
/// runs (on a thread and a thread pool of its own, over a snapshot of the session) the loop
/// answers `diagnostics` at once, and a `cancel` of that compile stops it at its next query
/// (`Snapshot::read`). Any other request waits for the running compile's answer (a change
/// of the session would cancel it), so answers come in the requests' order but for the
/// `diagnostics` that overtake a compile.
fn serve_session(
    mut input: impl BufRead + Send + 'static,
    mut output: impl Write,
    max_line: usize,
    cache: Option<std::sync::Arc<kiln_driver::shared_cache::SharedCache>>,
) -> std::io::Result<()> {
    let mut session = Session::new();
    session.set_shared_cache(cache);
    let (sender, events) = std::sync::mpsc::channel::<Event>();
    {
        // Not joined: after `shutdown` it may still wait on an input the client keeps
        // open, and it ends with the process (or at the input's end).
        let lines = sender.clone();
        std::thread::spawn(move || loop {
            let line = read_line(&mut input, max_line);
            let more = matches!(line, Ok(Some(_)));
            // The loop stops reading at `shutdown`, dropping the receiver.
            if lines.send(Event::Line(line)).is_err() || !more {
                break;
            }
        });
    }
    // Compiles run on a pool of their own, so that the `diagnostics` answered meanwhile
    // (which parse in parallel on the global pool) do not queue behind a compile's work.
    let compile_pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("kiln-compile-{i}"))
        .build()
        .ok()
        .map(std::sync::Arc::new);
    let mut compiling = Compiling {
        id: None,
        cancelled: false,
        backlog: std::collections::VecDeque::new(),
    };
    loop {
        let line = match compiling.backlog.pop_front() {
            Some(line) => line,
            None => match events.recv() {
                Ok(Event::Line(line)) => line,
                Ok(Event::Compiled(id, response)) => {
                    compiling.id = None;
                    reply(&mut output, id, response)?;
                    continue;
                }
                Ok(Event::Panicked(payload)) => std::panic::resume_unwind(payload),
                Err(_) => break,
            },
        };
        let Some(line) = line? else { break };
        let line = match line {
            Line::Text(t) => t,
            Line::NotUtf8 { offset } => {
                let message =
                    format!("the request is not UTF-8 text (invalid byte at offset {offset})");
                compiling.finish(&events, &mut output)?;
                reply(&mut output, Value::Null, Err(fail("parse", message)))?;
                continue;
            }
            Line::TooLong { bytes } => {
                let message = format!(
                        "the request line has {bytes} bytes; kiln serve reads lines of at most {max_line}"
                    );
                compiling.finish(&events, &mut output)?;
                reply(&mut output, Value::Null, Err(fail("too-large", message)))?;
                continue;
            }
        };
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if line.trim().is_empty() {
            continue;
        }
        let mut req = match serde_json::from_str::<Value>(line) {
            Ok(req) => req,
            Err(e) => {
                let message = format!("the request is not JSON: {e}");
                compiling.finish(&events, &mut output)?;
                reply(&mut output, Value::Null, Err(fail("parse", message)))?;
                continue;
            }
        };
        let id = req.get("id").cloned().unwrap_or(Value::Null);
        // The parameters are taken, not copied: they may hold a whole source file.
        let params = req.get_mut("params").map(Value::take).unwrap_or(json!({}));
        let Some(method) = req.get("method").and_then(Value::as_str) else {
            compiling.finish(&events, &mut output)?;
            reply(
                &mut output,
                id,
                Err(fail("bad-request", "`method` must be a string")),
            )?;
            continue;
        };
        if method == "compile" {
            compiling.finish(&events, &mut output)?;
            let snapshot = session.snapshot();
            let done = sender.clone();
            compiling.id = Some(id.clone());
            let pool = compile_pool.clone();
            std::thread::spawn(move || {
                let work = move || {
                    let read = snapshot.read(|s| compile(s, &params));
                    // Dropped before answering: a `cancel` waiting for it goes on.
                    drop(snapshot);
                    read
                };
                let read =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || match &pool {
                        Some(pool) => pool.install(work),
                        None => work(),
                    }));
                let event = match read {
                    Ok(Ok(response)) => Event::Compiled(id, response),
                    Ok(Err(salsa::Cancelled::PendingWrite)) => Event::Compiled(
                        id,
                        Err(fail(
                            "cancelled",
                            "the compile was cancelled by a `cancel` request",
                        )),
                    ),
                    // A query it waited for panicked on another thread.
                    Ok(Err(other)) => Event::Panicked(Box::new(other)),
                    Err(payload) => Event::Panicked(payload),
                };
                let _ = done.send(event);
            });
            continue;
        }
        if reads_only(method) {
            reply(&mut output, id, handle(&mut session, method, &params))?;
            continue;
        }
        if method == "cancel" {
            let Some(target) = params.get("id") else {
                let message = "`cancel` takes the `id` of a request";
                reply(&mut output, id, Err(fail("bad-params", message)))?;
                continue;
            };
            let running = compiling.id.as_ref() == Some(target);
            if running {
                // The compile gives up at its next query and answers `cancelled` (unless
                // it finished first).
                session.cancel_snapshots();
            }
            compiling.finish(&events, &mut output)?;
            let cancelled = running && compiling.cancelled;
            reply(&mut output, id, Ok(Some(json!({ "cancelled": cancelled }))))?;
            continue;
        }
        // Any other request waits for the running compile (a change of the session would
        // cancel it), so its answer comes first.
        compiling.finish(&events, &mut output)?;
        if reply(&mut output, id, handle(&mut session, method, &params))? {
            return Ok(());
        }
    }
    // The input ended: the running compile is still answered.
    compiling.finish(&events, &mut output)
}
