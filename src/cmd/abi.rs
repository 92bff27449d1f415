//! `kiln abi`: a function's signature ABI as JSON, sip or records.

use super::*;

/// `kiln abi`.
pub(crate) fn abi(ctx: Ctx, db: Database, args: AbiArgs) -> ExitCode {
    let AbiArgs {
        file,
        func,
        format,
        parse_sip,
        mangle_sip,
    } = args;
    abi_command(
        &ctx,
        &db,
        file.as_deref(),
        func.as_deref(),
        format,
        parse_sip,
        mangle_sip,
    )
}

/// `kiln abi`.
pub(crate) fn abi_command(
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
