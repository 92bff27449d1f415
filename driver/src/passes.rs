//! The passes of MLIR 19's conversion to the LLVM dialect that kiln performs, by their
//! names and options: what `kiln opt` and `kiln.passmanager.PassManager` accept.
//!
//! kiln lowers a whole module to the LLVM dialect in one step, so it accepts the passes of
//! that conversion (in any order, as flags or in a textual pipeline) and the options that
//! change what it emits; any other pass or option is an error naming it, never silently
//! ignored.

/// The passes `kiln opt` accepts, each with the options it understands. kiln performs the
/// whole conversion whichever of them are named; `canonicalize` and `cse` are what the
/// e-graph's simplification and value numbering do anyway.
pub const PASSES: &[(&str, &[&str])] = &[
    (
        "convert-func-to-llvm",
        &["use-bare-ptr-memref-call-conv", "index-bitwidth"],
    ),
    (
        "finalize-memref-to-llvm",
        &["index-bitwidth", "use-aligned-alloc"],
    ),
    ("convert-arith-to-llvm", &["index-bitwidth"]),
    ("convert-cf-to-llvm", &["index-bitwidth"]),
    ("convert-index-to-llvm", &["index-bitwidth"]),
    ("convert-math-to-llvm", &["approximate-log1p"]),
    ("convert-math-to-libm", &[]),
    ("convert-ub-to-llvm", &["index-bitwidth"]),
    // kiln's language has no complex operations: a module it reads has none to convert.
    ("convert-complex-to-llvm", &[]),
    ("convert-to-llvm", &[]),
    ("expand-strided-metadata", &[]),
    ("expand-realloc", &["emit-deallocs"]),
    ("arith-expand", &["include-bf16"]),
    ("reconcile-unrealized-casts", &[]),
    ("canonicalize", &[]),
    ("cse", &[]),
];

/// What the named passes and options ask of the lowering.
#[derive(Default)]
pub struct Conversion {
    /// `use-bare-ptr-memref-call-conv`: memrefs cross calls as bare pointers.
    pub bare_ptr: bool,
}

fn parse_bool(pass: &str, key: &str, value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(format!(
            "`{pass}`'s option `{key}` takes true or false, not `{value}`"
        )),
    }
}

/// Applies one pass with its options (`a=1 b=2`, as `--pass='a=1 b=2'` or `pass{a=1 b=2}`).
pub fn apply_pass(req: &mut Conversion, pass: &str, options: &str) -> Result<(), String> {
    let Some((_, known)) = PASSES.iter().find(|(p, _)| *p == pass) else {
        return Err(format!(
            "kiln does not implement the pass `{pass}`; it performs MLIR 19's conversion to the LLVM dialect, with these passes: {}",
            PASSES.iter().map(|(p, _)| *p).collect::<Vec<_>>().join(", ")
        ));
    };
    for option in options.split_whitespace() {
        let (key, value) = option.split_once('=').unwrap_or((option, "true"));
        if !known.contains(&key) {
            return Err(format!(
                "the pass `{pass}` has no option `{key}` kiln implements"
            ));
        }
        match key {
            "use-bare-ptr-memref-call-conv" => req.bare_ptr = parse_bool(pass, key, value)?,
            "index-bitwidth" if value != "0" && value != "64" => {
                return Err(format!(
                    "`{pass}`: kiln's `index` is 64 bits wide, so `index-bitwidth={value}` is not supported"
                ))
            }
            "emit-deallocs" if !parse_bool(pass, key, value)? => {
                return Err(format!(
                    "`{pass}`: `emit-deallocs=false` is not supported (kiln frees the memory a growing `memref.realloc` leaves)"
                ))
            }
            "use-aligned-alloc" if parse_bool(pass, key, value)? => {
                return Err(format!(
                    "`{pass}`: `use-aligned-alloc` is not supported (kiln allocates with malloc)"
                ))
            }
            _ => {
                // A boolean option with no effect on what kiln emits must still be one.
                if key != "index-bitwidth" {
                    parse_bool(pass, key, value)?;
                }
            }
        }
    }
    Ok(())
}

/// `builtin.module(a, b{x=1}, func.func(c))`: the passes, with the nesting wrappers of MLIR's
/// textual pipelines taken off.
pub fn pipeline_passes(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut item = String::new();
    let mut items = Vec::new();
    for c in text.chars() {
        match c {
            '(' | '{' => {
                depth += 1;
                item.push(c);
            }
            ')' | '}' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| format!("unbalanced `--pass-pipeline`: `{text}`"))?;
                item.push(c);
            }
            ',' if depth == 0 => items.push(std::mem::take(&mut item)),
            c => item.push(c),
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced `--pass-pipeline`: `{text}`"));
    }
    items.push(item);
    for item in items {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        // An anchor (`builtin.module(...)`, `func.func(...)`) holds a pipeline of its own.
        if let Some(open) = item.find('(') {
            let inner = item[open + 1..]
                .strip_suffix(')')
                .ok_or_else(|| format!("unbalanced `--pass-pipeline` item `{item}`"))?;
            out.extend(pipeline_passes(inner)?);
            continue;
        }
        match item.split_once('{') {
            Some((name, rest)) => out.push((
                name.trim().to_string(),
                rest.trim_end_matches('}').to_string(),
            )),
            None => out.push((item.to_string(), String::new())),
        }
    }
    Ok(out)
}

/// A textual pipeline (`builtin.module(convert-func-to-llvm, ...)`) checked pass by pass:
/// what it asks of the conversion, or the first pass or option kiln does not implement.
pub fn parse_pipeline(text: &str) -> Result<Conversion, String> {
    let mut conversion = Conversion::default();
    for (pass, options) in pipeline_passes(text)? {
        apply_pass(&mut conversion, &pass, &options)?;
    }
    Ok(conversion)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipelines_lose_their_anchors() {
        let p = pipeline_passes(
            "builtin.module(func.func(convert-math-to-llvm), convert-func-to-llvm{use-bare-ptr-memref-call-conv=1}, reconcile-unrealized-casts)",
        )
        .unwrap();
        assert_eq!(
            p,
            vec![
                ("convert-math-to-llvm".to_string(), String::new()),
                (
                    "convert-func-to-llvm".to_string(),
                    "use-bare-ptr-memref-call-conv=1".to_string()
                ),
                ("reconcile-unrealized-casts".to_string(), String::new()),
            ]
        );
        assert!(pipeline_passes("builtin.module(cse").is_err());
    }
    #[test]
    fn passes_and_options_are_checked() {
        let mut req = Conversion::default();
        apply_pass(
            &mut req,
            "convert-func-to-llvm",
            "use-bare-ptr-memref-call-conv=1",
        )
        .unwrap();
        assert!(req.bare_ptr);
        assert!(apply_pass(&mut req, "convert-scf-to-cf", "").is_err());
        assert!(apply_pass(&mut req, "convert-func-to-llvm", "index-bitwidth=32").is_err());
        assert!(apply_pass(&mut req, "convert-func-to-llvm", "no-such-option=1").is_err());
    }
}
