//! `kiln opt` and `kiln cpu-runner`: MLIR 19's `mlir-opt` (its LLVM conversions) and
//! `mlir-cpu-runner`, by their own flags, so that scripts and lit RUN lines can swap kiln in.
//!
//! kiln lowers a whole module to the LLVM dialect in one step, so `kiln opt` accepts the
//! passes of that conversion (in any order, as flags or in `--pass-pipeline`) and the
//! options that change what it emits; any other pass or option is an error naming it,
//! never silently ignored. `kiln cpu-runner` takes source MLIR (what those passes take),
//! lowers and runs it; it does not read the LLVM dialect.

use super::*;

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
    let mut req = kiln::passes::Conversion::default();
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
                let passes = match kiln::passes::pipeline_passes(text.trim_matches(['"', '\''])) {
                    Ok(p) => p,
                    Err(e) => return usage(&ctx, e),
                };
                for (pass, options) in passes {
                    if let Err(e) = kiln::passes::apply_pass(&mut req, &pass, &options) {
                        return usage(&ctx, e);
                    }
                }
            }
            Some((pass, options)) => {
                let options = options.unwrap_or("").trim_matches(['"', '\'']);
                if let Err(e) = kiln::passes::apply_pass(&mut req, pass, options) {
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
    fn floats_print_as_c_does() {
        assert_eq!(c_exponent(1.5), "1.500000e+00");
        assert_eq!(c_exponent(-0.00125), "-1.250000e-03");
        assert_eq!(c_exponent(1e100), "1.000000e+100");
    }
}
