//! `kiln opt` and `kiln cpu-runner`: MLIR 19's `mlir-opt` (its LLVM conversions) and
//! `mlir-cpu-runner`, by their own flags, so that scripts and lit RUN lines can swap kiln in.
//!
//! kiln lowers a whole module to the LLVM dialect in one step, so `kiln opt` accepts the
//! passes of that conversion (in any order, as flags or in `--pass-pipeline`) and the
//! options that change what it emits; any other pass or option is an error naming it,
//! never silently ignored. `kiln cpu-runner` takes source MLIR (what those passes take),
//! lowers and runs it; it does not read the LLVM dialect.

use super::*;

/// The passes `kiln opt` accepts, each with the options it understands. kiln performs the
/// whole conversion whichever of them are named; `canonicalize` and `cse` are what the
/// e-graph's simplification and value numbering do anyway.
const PASSES: &[(&str, &[&str])] = &[
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
struct OptRequest {
    bare_ptr: bool,
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
fn apply_pass(req: &mut OptRequest, pass: &str, options: &str) -> Result<(), String> {
    let Some((_, known)) = PASSES.iter().find(|(p, _)| *p == pass) else {
        return Err(format!(
            "kiln opt does not implement the pass `{pass}`; it performs MLIR 19's conversion to the LLVM dialect, with these passes: {}",
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
fn pipeline_passes(text: &str) -> Result<Vec<(String, String)>, String> {
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

/// Splits `-name=value`, `--name=value`, `-name` into the name and the value.
fn flag(arg: &str) -> Option<(&str, Option<&str>)> {
    let body = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'))?;
    if body.is_empty() {
        return None;
    }
    Some(match body.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (body, None),
    })
}

/// `kiln opt`.
pub(crate) fn opt(ctx: Ctx, db: Database, args: Vec<String>) -> ExitCode {
    let mut req = OptRequest::default();
    let (mut file, mut output) = (None::<PathBuf>, None::<PathBuf>);
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let usage = |ctx: &Ctx, m: String| {
            ctx.fail("usage", "kiln opt", m);
            ExitCode::from(2)
        };
        match flag(&arg) {
            None => {
                if file.replace(PathBuf::from(&arg)).is_some() {
                    return usage(&ctx, format!("one input file, not also `{arg}`"));
                }
            }
            Some(("o", v)) => match v.map(str::to_string).or_else(|| it.next()) {
                Some(o) => output = Some(PathBuf::from(o)),
                None => return usage(&ctx, "`-o` needs a file".to_string()),
            },
            Some(("pass-pipeline", v)) => {
                let Some(text) = v.map(str::to_string).or_else(|| it.next()) else {
                    return usage(&ctx, "`--pass-pipeline` needs a pipeline".to_string());
                };
                let passes = match pipeline_passes(text.trim_matches(['"', '\''])) {
                    Ok(p) => p,
                    Err(e) => return usage(&ctx, e),
                };
                for (pass, options) in passes {
                    if let Err(e) = apply_pass(&mut req, &pass, &options) {
                        return usage(&ctx, e);
                    }
                }
            }
            Some((pass, options)) => {
                let options = options.unwrap_or("").trim_matches(['"', '\'']);
                if let Err(e) = apply_pass(&mut req, pass, options) {
                    return usage(&ctx, e);
                }
            }
        }
    }
    compile(
        ctx,
        db,
        CompileArgs {
            file: file.unwrap_or_else(|| PathBuf::from("-")),
            emit: Some(CompileEmit::MlirLlvm),
            output,
            opt: 0,
            target: None,
            cpu: None,
            debug: false,
            rules: RulesArg {
                dir: None,
                c_interface: false,
                bare_ptr: req.bare_ptr,
            },
            cache: CacheArg::default(),
        },
    )
}

/// What the entry function returns, as `--entry-point-result` names it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EntryResult {
    Void,
    I32,
    I64,
    F32,
}

/// A float as C's `%e` prints it (`1.500000e+00`), as `mlir-cpu-runner` prints an `f32`.
fn c_exponent(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "nan".to_string()
        } else if x > 0.0 {
            "inf".to_string()
        } else {
            "-inf".to_string()
        };
    }
    let text = format!("{x:.6e}");
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.abs())
}

/// `kiln cpu-runner`.
pub(crate) fn cpu_runner(ctx: Ctx, db: Database, args: Vec<String>) -> ExitCode {
    let (mut file, mut entry, mut result, mut opt) =
        (None::<PathBuf>, "main".to_string(), EntryResult::F32, 0u8);
    let mut libs: Vec<String> = Vec::new();
    let usage = |m: String| {
        ctx.fail("usage", "kiln cpu-runner", m);
        ExitCode::from(2)
    };
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        match flag(&arg) {
            None => {
                if file.replace(PathBuf::from(&arg)).is_some() {
                    return usage(format!("one input file, not also `{arg}`"));
                }
            }
            Some(("e" | "entry-point", v)) => match v.map(str::to_string).or_else(|| it.next()) {
                Some(e) => entry = e.trim_start_matches('@').to_string(),
                None => return usage("`-e` needs a function name".to_string()),
            },
            Some(("entry-point-result", v)) => {
                result = match v.map(str::to_string).or_else(|| it.next()).as_deref() {
                    Some("void") => EntryResult::Void,
                    Some("i32") => EntryResult::I32,
                    Some("i64") => EntryResult::I64,
                    Some("f32") => EntryResult::F32,
                    other => {
                        return usage(format!(
                            "`--entry-point-result` is one of void, i32, i64, f32, not `{}`",
                            other.unwrap_or("")
                        ))
                    }
                }
            }
            Some(("shared-libs", v)) => match v.map(str::to_string).or_else(|| it.next()) {
                Some(l) => libs.extend(l.split(',').filter(|s| !s.is_empty()).map(str::to_string)),
                None => return usage("`--shared-libs` needs a library".to_string()),
            },
            Some((level @ ("O0" | "O1" | "O2" | "O3"), None)) => {
                opt = level[1..].parse().unwrap_or(0);
            }
            Some((other, _)) => {
                return usage(format!(
                    "kiln cpu-runner does not implement `-{other}`; it takes -e, --entry-point-result, --shared-libs and -O0..-O3"
                ))
            }
        }
    }
    // The libraries' symbols are global, so the compiled code binds to them by name.
    for lib in &libs {
        let Ok(path) = std::ffi::CString::new(lib.as_str()) else {
            return usage(format!("`{lib}` is not a path"));
        };
        // SAFETY: dlopen with a NUL-terminated path; a library's initializers run, as they
        // do for mlir-cpu-runner.
        let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
        if handle.is_null() {
            // SAFETY: dlerror returns the message of the failed dlopen (or null).
            let why = unsafe {
                let e = libc::dlerror();
                if e.is_null() {
                    String::new()
                } else {
                    std::ffi::CStr::from_ptr(e).to_string_lossy().into_owned()
                }
            };
            ctx.fail("run.shared-lib", lib, format!("cannot load `{lib}`: {why}"));
            return ExitCode::FAILURE;
        }
    }
    let file = file.unwrap_or_else(|| PathBuf::from("-"));
    let rules = RulesArg {
        dir: None,
        c_interface: false,
        bare_ptr: false,
    };
    let Some((program, one)) = lowered_program(&ctx, db, &file, &rules) else {
        return ExitCode::FAILURE;
    };
    let name = one.name.clone();
    let module = kiln::engine::module_ir(one.db(), one.source);
    let Some(f) = defined_function(&ctx, &name, module, &entry) else {
        return ExitCode::FAILURE;
    };
    use kiln::frontend::types::{Scalar, Type};
    let want: &[Type] = match result {
        EntryResult::Void => &[],
        EntryResult::I32 => &[Type::Scalar(Scalar::I32)],
        EntryResult::I64 => &[Type::Scalar(Scalar::I64)],
        EntryResult::F32 => &[Type::Scalar(Scalar::F32)],
    };
    if !f.ty.inputs.is_empty() || f.ty.results.as_slice() != want {
        let expected = match result {
            EntryResult::Void => "a void function",
            EntryResult::I32 => "a function returning i32",
            EntryResult::I64 => "a function returning i64",
            EntryResult::F32 => "a function returning f32",
        };
        ctx.fail(
            "run.entry",
            &name,
            format!(
                "`@{entry}` has type `{}`; --entry-point-result expects {expected} of no arguments",
                f.ty
            ),
        );
        return ExitCode::FAILURE;
    }
    let jit = match kiln::backend::Jit::compile_with_stack(
        kiln::globals::jit_program(one.db(), one.source, program),
        opt,
        64 << 20,
    ) {
        Ok(j) => j,
        Err(e) => {
            ctx.fail("run", &name, e.to_string());
            return ExitCode::FAILURE;
        }
    };
    match kiln::run::call_with_convention(&jit, &entry, &f.ty, &mut [], false) {
        Ok((outcome, _)) => {
            let line = match (result, outcome.results.first()) {
                (EntryResult::F32, Some(r)) => {
                    format!("{}\n", c_exponent(r.parse::<f64>().unwrap_or(f64::NAN)))
                }
                (_, Some(r)) => format!("{r}\n"),
                (_, None) => String::new(),
            };
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(line.as_bytes());
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Err(e) => {
            ctx.fail("run", &name, e);
            ExitCode::FAILURE
        }
    }
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
        let mut req = OptRequest::default();
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

    #[test]
    fn floats_print_as_c_does() {
        assert_eq!(c_exponent(1.5), "1.500000e+00");
        assert_eq!(c_exponent(-0.00125), "-1.250000e-03");
        assert_eq!(c_exponent(1e100), "1.000000e+100");
    }
}
