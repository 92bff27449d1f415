//! `kiln serve`: a [`Session`] behind a JSON-lines protocol on standard input and output,
//! for toolchains not written in Rust. `docs/book/src/reference/serve.md` documents the
//! protocol.

use crate::report::to_json_value;
use crate::{FileDiagnostics, Session};
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
            crate::report::capped(&f.diagnostics)
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

/// Answers one request; `Ok(None)` for `shutdown`.
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
                    sources.push(crate::RuleSource {
                        path: str_param(f, "path")?.to_string(),
                        text: str_param(f, "text")?.to_string(),
                    });
                }
                s.set_rules(sources);
            } else if params.get("shipped").and_then(Value::as_bool) == Some(true) {
                s.set_rules(crate::shipped::shipped_rules());
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
        "compile" => {
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
            let emit = crate::resolve_emit(
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
                None => s.lowered_text(path).map(String::into_bytes),
                Some(e) => s.compile(path, e, opt),
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
                    crate::write_atomically(std::path::Path::new(p), &output)
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
pub fn serve(input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    serve_with_limit(input, output, MAX_REQUEST_BYTES)
}

/// [`serve`] with a shared cache of compiled code for the session
/// ([`Session::set_shared_cache`]).
pub fn serve_with_cache(
    input: impl BufRead,
    output: impl Write,
    cache: Option<std::sync::Arc<crate::shared_cache::SharedCache>>,
) -> std::io::Result<()> {
    serve_session(input, output, MAX_REQUEST_BYTES, cache)
}

/// [`serve`] with another longest request line (`max_line` bytes).
pub fn serve_with_limit(
    input: impl BufRead,
    output: impl Write,
    max_line: usize,
) -> std::io::Result<()> {
    serve_session(input, output, max_line, None)
}

fn serve_session(
    mut input: impl BufRead,
    mut output: impl Write,
    max_line: usize,
    cache: Option<std::sync::Arc<crate::shared_cache::SharedCache>>,
) -> std::io::Result<()> {
    let mut session = Session::new();
    session.set_shared_cache(cache);
    while let Some(line) = read_line(&mut input, max_line)? {
        let line = match line {
            Line::Text(t) => t,
            Line::NotUtf8 { offset } => {
                let message =
                    format!("the request is not UTF-8 text (invalid byte at offset {offset})");
                let reply = json!({ "id": null, "error": { "code": "parse", "message": message } });
                writeln!(output, "{reply}")?;
                output.flush()?;
                continue;
            }
            Line::TooLong { bytes } => {
                let message = format!(
                    "the request line has {bytes} bytes; kiln serve reads lines of at most {max_line}"
                );
                let reply =
                    json!({ "id": null, "error": { "code": "too-large", "message": message } });
                writeln!(output, "{reply}")?;
                output.flush()?;
                continue;
            }
        };
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if line.trim().is_empty() {
            continue;
        }
        let (id, response) = match serde_json::from_str::<Value>(line) {
            Err(e) => (
                Value::Null,
                Err(fail("parse", format!("the request is not JSON: {e}"))),
            ),
            Ok(mut req) => {
                let id = req.get("id").cloned().unwrap_or(Value::Null);
                // The parameters are taken, not copied: they may hold a whole source file.
                let params = req.get_mut("params").map(Value::take).unwrap_or(json!({}));
                match req.get("method").and_then(Value::as_str) {
                    None => (id, Err(fail("bad-request", "`method` must be a string"))),
                    Some(m) => (id, handle(&mut session, m, &params)),
                }
            }
        };
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
        if stop {
            break;
        }
    }
    Ok(())
}
