//! `kiln run` and `kiln interp`: call a function natively (JIT) or on the interpreter.

use super::*;

/// `kiln interp`.
pub(crate) fn interp(ctx: Ctx, db: Database, args: InterpArgs) -> ExitCode {
    let InterpArgs {
        file,
        entry,
        args,
        fuel,
        max_depth,
    } = args;

    let mut flags = CallFlags {
        entry,
        via_mlir: false,
        rules: None,
        c_interface: false,
        bare_ptr: false,
        fuel,
        stack_size: 0,
        max_depth,
    };
    let Some(args) = flags.take_from(&ctx, "interp", args, &["--entry", "--fuel", "--max-depth"])
    else {
        return ExitCode::from(2);
    };
    let max_depth = flags
        .max_depth
        .map_or(kiln::interp::DEFAULT_MAX_DEPTH, |d| d as usize);
    let (entry, fuel) = (
        flags.entry.unwrap_or_default(),
        flags.fuel.unwrap_or(kiln::interp::DEFAULT_FUEL),
    );
    let Some((source, name, _)) = checked_source(&ctx, &db, &file) else {
        return ExitCode::FAILURE;
    };
    let entry = entry.trim_start_matches('@').to_string();
    let module = kiln::engine::module_ir(&db, source);
    let Some((_, mut values)) = parse_call_args(&ctx, &name, module, &entry, &args) else {
        return ExitCode::FAILURE;
    };
    // The interpreter recurses once per nested call: it runs on a thread whose stack
    // fits `max_depth` calls, so the depth limit, not the stack, is what stops it.
    let stack = kiln::interp::stack_for_depth(max_depth);
    let result = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("kiln-interp".to_string())
            .stack_size(stack)
            .spawn_scoped(scope, || {
                kiln::interp::Interpreter::new(module)
                    .with_fuel(fuel)
                    .with_max_depth(max_depth)
                    .call(&entry, &mut values)
                    .map_err(|e| e.to_string())
            })
            .map_err(|e| {
                format!(
                    "cannot reserve a {} MiB stack for `--max-depth {max_depth}`: {e}",
                    stack >> 20
                )
            })
            .and_then(|t| {
                t.join()
                    .unwrap_or_else(|_| Err("the interpreter failed".to_string()))
            })
    });
    match result {
        Ok(outcome) => {
            print_outcome(outcome);
            ExitCode::SUCCESS
        }
        Err(e) => {
            ctx.fail("interp", &name, e);
            ExitCode::FAILURE
        }
    }
}

/// `kiln run`.
pub(crate) fn run_command(ctx: Ctx, db: Database, args: RunArgs) -> ExitCode {
    let RunArgs {
        file,
        entry,
        args,
        input_json,
        output,
        via_mlir,
        stack_size,
        mut rules,
    } = args;

    let mut flags = CallFlags {
        entry,
        via_mlir,
        rules: rules.dir.take(),
        c_interface: rules.c_interface,
        bare_ptr: rules.bare_ptr,
        fuel: None,
        stack_size,
        max_depth: None,
    };
    let Some(args) = flags.take_from(
        &ctx,
        "run",
        args,
        &[
            "--entry",
            "--via-mlir",
            "--rules",
            "--emit-c-interface",
            "--bare-ptr-memref-call-conv",
            "--stack-size",
        ],
    ) else {
        return ExitCode::from(2);
    };
    // `take_from` made sure `--entry` was given.
    let (via_mlir, entry) = (flags.via_mlir, flags.entry.unwrap_or_default());
    rules.dir = flags.rules;
    rules.c_interface = flags.c_interface;
    rules.bare_ptr = flags.bare_ptr;
    let name = display(&file);
    let entry = entry.trim_start_matches('@').to_string();
    if output.is_some() && input_json.is_none() {
        ctx.fail(
            "usage",
            &name,
            "`--output` formats the results of a structured call: give `--input-json`".to_string(),
        );
        return ExitCode::from(2);
    }
    // The JSON input is read and parsed before anything is compiled.
    let input = match &input_json {
        Some(spec) => match read_json(&ctx, spec, "--input-json") {
            Some(v) => Some(v),
            None => return ExitCode::FAILURE,
        },
        None => None,
    };
    let Some((program, one)) = lowered_program(&ctx, db, &file, &rules) else {
        return ExitCode::FAILURE;
    };
    let (db, source) = (one.db(), one.source);
    let module = kiln::engine::module_ir(db, source);
    let mut structured = None;
    let (f, mut values) = match &input {
        None => match parse_call_args(&ctx, &name, module, &entry, &args) {
            Some(x) => x,
            None => return ExitCode::FAILURE,
        },
        Some(v) => {
            let Some(f) = defined_function(&ctx, &name, module, &entry) else {
                return ExitCode::FAILURE;
            };
            let abis = kiln::abi::file_abi(db, source);
            let Some(abi) = abis.into_iter().find(|a| a.name == entry) else {
                ctx.fail("run.entry", &name, format!("`@{entry}` has no ABI"));
                return ExitCode::FAILURE;
            };
            match kiln::abi::bind::bind_input(&abi, v) {
                Ok(bound) => {
                    let args = bound.args.clone();
                    structured = Some((abi, bound));
                    (f, args)
                }
                Err(e) => {
                    ctx.fail(
                        "run.input",
                        &name,
                        format!("--input-json for `@{entry}`: {e}"),
                    );
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    // A native stack overflow cannot be returned from; the message is prepared now,
    // in the chosen format, for the handler that ends the process.
    let stack = (flags.stack_size as usize) << 20;
    let overflow = format!(
        "stack overflow in native code (recursion too deep?): the call used all of its {} MiB stack; `--stack-size MIB` gives it more",
        flags.stack_size
    );
    kiln::backend::jit::overflow::set_overflow_message(ctx.render_fail(
        "run.stack-overflow",
        &name,
        overflow,
    ));
    let compiled = if via_mlir {
        let text = kiln::frontend::print_module(&kiln::reference::reachable(module, &entry));
        match kiln::reference::mlir_llvm_ir_with(&text, rules.bare_ptr) {
            Ok(ir) => kiln::backend::Jit::compile_with_stack(
                kiln::backend::jit::Program::LlvmIr(ir),
                0,
                stack,
            ),
            Err(e) => {
                ctx.fail("run.mlir", &name, e);
                return ExitCode::FAILURE;
            }
        }
    } else {
        kiln::backend::Jit::compile_with_stack(
            kiln::globals::jit_program(db, source, program),
            0,
            stack,
        )
    };
    let jit = match compiled {
        Ok(j) => j,
        Err(e) => {
            ctx.fail("run", &name, e.to_string());
            return ExitCode::FAILURE;
        }
    };
    let bare = rules.bare_ptr || f.attrs.contains(kiln::engine::BARE_PTR_ATTR);
    match kiln::run::call_with_convention(&jit, &entry, &f.ty, &mut values, bare) {
        Ok((outcome, returned)) => match structured {
            None => {
                print_outcome(outcome);
                ExitCode::SUCCESS
            }
            Some((abi, bound)) => match kiln::abi::bind::results(&abi, &returned) {
                Ok((json, paths)) => {
                    let text = match output.unwrap_or(RunOutput::Text) {
                        RunOutput::Json => format!("{json}\n"),
                        RunOutput::Text => kiln::abi::bind::results_text(&paths, &outcome, &bound),
                    };
                    let _ = std::io::stdout().lock().write_all(text.as_bytes());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    ctx.fail("run", &name, e);
                    ExitCode::FAILURE
                }
            },
        },
        Err(e) => {
            ctx.fail("run", &name, e);
            ExitCode::FAILURE
        }
    }
}

/// The flags of `kiln run` and `kiln interp`, which may also be written after the call's
/// arguments (clap hands everything after the first argument over as arguments, so that
/// negative numbers stay values).
pub(crate) struct CallFlags {
    entry: Option<String>,
    via_mlir: bool,
    rules: Option<PathBuf>,
    c_interface: bool,
    bare_ptr: bool,
    fuel: Option<u64>,
    /// MiB.
    stack_size: u64,
    max_depth: Option<u64>,
}

impl CallFlags {
    /// Takes the flags out of `args` (any of `allowed`, as `--flag`, `--flag VALUE` or
    /// `--flag=VALUE`); what remains are the call's arguments. Any other `--word` is a usage
    /// error naming it, never a value; `None` after reporting one, or when `--entry` is
    /// missing. Arguments that start with one `-` (`-1`, `-2.5`, `-inf`) stay values.
    fn take_from(
        &mut self,
        ctx: &Ctx,
        command: &str,
        args: Vec<String>,
        allowed: &[&str],
    ) -> Option<Vec<String>> {
        let usage = |message: String| {
            ctx.fail("usage", &format!("kiln {command}"), message);
            None
        };
        let mut values = Vec::new();
        let mut it = args.into_iter();
        while let Some(a) = it.next() {
            if !a.starts_with("--") || a == "--" {
                values.push(a);
                continue;
            }
            let (flag, inline) = match a.split_once('=') {
                Some((f, v)) => (f.to_string(), Some(v.to_string())),
                None => (a.clone(), None),
            };
            if !allowed.contains(&flag.as_str()) {
                return usage(format!(
                    "`{a}` is not a flag of `kiln {command}` (its flags: {}); put global flags such as `--error-format` before the subcommand",
                    allowed.join(", ")
                ));
            }
            let takes_value = matches!(
                flag.as_str(),
                "--entry" | "--rules" | "--fuel" | "--stack-size" | "--max-depth"
            );
            let value = match (takes_value, inline) {
                (false, None) => None,
                (false, Some(_)) => return usage(format!("`{flag}` takes no value")),
                (true, Some(v)) => Some(v),
                (true, None) => match it.next() {
                    Some(v) => Some(v),
                    None => return usage(format!("`{flag}` needs a value")),
                },
            };
            match (flag.as_str(), value) {
                ("--via-mlir", _) => self.via_mlir = true,
                ("--emit-c-interface", _) => self.c_interface = true,
                ("--bare-ptr-memref-call-conv", _) => self.bare_ptr = true,
                ("--entry", Some(v)) => self.entry = Some(v),
                ("--rules", Some(v)) => self.rules = Some(PathBuf::from(v)),
                ("--fuel", Some(v)) => match v.parse() {
                    Ok(n) => self.fuel = Some(n),
                    Err(_) => return usage(format!("`--fuel {v}`: not a count")),
                },
                ("--max-depth", Some(v)) => match v.parse() {
                    Ok(n) => self.max_depth = Some(n),
                    Err(_) => return usage(format!("`--max-depth {v}`: not a count")),
                },
                ("--stack-size", Some(v)) => match v.parse() {
                    Ok(n @ 1..=65536) => self.stack_size = n,
                    _ => return usage(format!("`--stack-size {v}`: MiB from 1 to 65536")),
                },
                _ => {}
            }
        }
        if self.entry.is_none() {
            return usage("`--entry FUNCTION` names the function to call".to_string());
        }
        Some(values)
    }
}

/// A JSON value from `TEXT` or `@FILE`; `None` after reporting a bad one.
pub(crate) fn read_json(ctx: &Ctx, spec: &str, what: &str) -> Option<serde_json::Value> {
    let (text, origin) = match spec.strip_prefix('@') {
        Some(path) => (read_input(ctx, Path::new(path))?, display(Path::new(path))),
        None => (spec.to_string(), what.to_string()),
    };
    match serde_json::from_str(&text) {
        Ok(v) => Some(v),
        Err(e) => {
            ctx.fail("run.input", &origin, format!("{what}: not valid JSON: {e}"));
            None
        }
    }
}

/// The defined function `entry` of `module`, or `None` after reporting.
pub(crate) fn defined_function<'m>(
    ctx: &Ctx,
    name: &str,
    module: &'m kiln::frontend::ir::Module,
    entry: &str,
) -> Option<&'m kiln::frontend::ir::Function> {
    let f = module
        .functions
        .iter()
        .find(|f| f.name == entry && !f.is_declaration());
    if f.is_none() {
        ctx.fail(
            "run.entry",
            name,
            format!("`{name}` has no defined function `@{entry}`"),
        );
    }
    f
}

/// The defined function `entry` and the arguments of a call to it, parsed against its
/// source parameter types.
pub(crate) fn parse_call_args<'m>(
    ctx: &Ctx,
    name: &str,
    module: &'m kiln::frontend::ir::Module,
    entry: &str,
    args: &[String],
) -> Option<(&'m kiln::frontend::ir::Function, Vec<kiln::run::Arg>)> {
    let Some(f) = module
        .functions
        .iter()
        .find(|f| f.name == entry && !f.is_declaration())
    else {
        ctx.fail(
            "run.entry",
            name,
            format!("`{name}` has no defined function `@{entry}`"),
        );
        return None;
    };
    if f.ty.inputs.len() != args.len() {
        ctx.fail(
            "run.arguments",
            name,
            format!(
                "`@{entry}` takes {} argument{} ({}), {} given",
                f.ty.inputs.len(),
                if f.ty.inputs.len() == 1 { "" } else { "s" },
                f.ty.inputs
                    .iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                args.len()
            ),
        );
        return None;
    }
    let mut values = Vec::new();
    for (i, (t, a)) in f.ty.inputs.iter().zip(args).enumerate() {
        match kiln::run::parse_arg(t, a) {
            Ok(v) => values.push(v),
            Err(e) => {
                ctx.fail(
                    "run.arguments",
                    name,
                    format!("argument {} of `@{entry}` ({t}): {e}", i + 1),
                );
                return None;
            }
        }
    }
    Some((f, values))
}

/// Results one per line, then each memref argument as the call left it.
pub(crate) fn print_outcome(outcome: kiln::run::Outcome) {
    let _ = std::io::stdout()
        .lock()
        .write_all(outcome.text().as_bytes());
}
