//! `kiln compile`: LLVM IR, assembly, objects, shared libraries and executables.

use super::*;

/// `kiln compile`.
pub(crate) fn compile(ctx: Ctx, db: Database, args: CompileArgs) -> ExitCode {
    let CompileArgs {
        file,
        emit,
        output,
        opt,
        target,
        cpu,
        debug,
        rules,
        cache,
    } = args;

    let Some(emit) = choose_emit(&ctx, emit, output.as_deref(), CompileEmit::Obj) else {
        return ExitCode::from(2);
    };
    if matches!(emit, CompileEmit::Obj | CompileEmit::Lib | CompileEmit::Exe) && output.is_none() {
        ctx.fail(
            "usage",
            &display(&file),
            "`--emit obj`, `lib` and `exe` write binary files; name one with `-o`".to_string(),
        );
        return ExitCode::from(2);
    }
    let mut opts = kiln::backend::CodegenOptions::default().with_opt_level(opt);
    if let Some(t) = target {
        opts = opts.with_triple(t);
    }
    if let Some(c) = cpu {
        opts = opts.with_cpu(c);
    }
    // The target and CPU are checked before any work, and before LLVM sees them: an
    // unknown or 32-bit CPU on a 64-bit target would abort inside LLVM.
    if let Err(e) = kiln::backend::target_machine(&opts) {
        ctx.fail("usage", &display(&file), format!("--target/--cpu: {e}"));
        return ExitCode::from(2);
    }
    if debug && emit == CompileEmit::MlirLlvm {
        ctx.fail(
            "usage",
            &display(&file),
            "`-g` gives LLVM IR, assembly and objects line tables; `--emit mlir-llvm` carries none"
                .to_string(),
        );
        return ExitCode::from(2);
    }
    if emit != CompileEmit::MlirLlvm {
        let shared = match open_cache(&ctx, &cache) {
            Ok(c) => c,
            Err(code) => return code,
        };
        let code = compile_native(
            &ctx,
            db,
            &file,
            &rules,
            emit,
            output.as_deref(),
            &opts,
            debug,
            shared.clone(),
        );
        report_cache(&ctx, shared.as_ref(), cache.cache_stats);
        return code;
    }
    let Some((program, one)) = lowered_program(&ctx, db, &file, &rules) else {
        return ExitCode::FAILURE;
    };
    // `--emit mlir-llvm` prints the lowered functions themselves.
    let globals = kiln::globals::file_globals(one.db(), one.source);
    match kiln::backend::print_program(&program, &globals) {
        Ok(text) => {
            let abi = kiln::abi::file_abi(one.db(), one.source);
            let text = kiln::abi::annotate_mlir_llvm(&text, &abi);
            exit(write_output(&ctx, output.as_deref(), text.as_bytes()))
        }
        Err(e) => {
            let d =
                kiln::codegen_diagnostic(one.db(), one.source, Some(&e.function), e.to_string());
            ctx.report(&[d], &one.name, one.text());
            ExitCode::FAILURE
        }
    }
}

/// LLVM IR, assembly, an object, a library or an executable, from a one-shot session
/// ([`OneShot`]): each function's LLVM IR is generated on the worker that lowered it, and
/// its lowered form dropped there. With a shared cache, the whole output, or its units'
/// objects, may come from the cache.
#[allow(clippy::too_many_arguments)]
fn compile_native(
    ctx: &Ctx,
    db: Database,
    file: &Path,
    rules: &RulesArg,
    emit: CompileEmit,
    output: Option<&Path>,
    opts: &kiln::backend::CodegenOptions,
    debug: bool,
    shared: Option<Arc<kiln::shared_cache::SharedCache>>,
) -> ExitCode {
    let Some(mut one) = OneShot::open(ctx, db, file, rules) else {
        return ExitCode::FAILURE;
    };
    one.session.set_shared_cache(shared);
    one.session.set_debug_info(debug);
    one.session
        .set_target(opts.triple.clone(), opts.cpu.clone());
    let what = match emit {
        CompileEmit::LlvmIr => kiln::backend::Emit::LlvmIr,
        CompileEmit::Asm => kiln::backend::Emit::Asm,
        _ => kiln::backend::Emit::Obj,
    };
    let reported = one.session.compile(&one.name, what, opts.opt_level);
    let Some(bytes) = one.take(ctx, reported) else {
        return ExitCode::FAILURE;
    };
    let ok = match (emit, output) {
        (CompileEmit::Exe | CompileEmit::Lib, Some(out)) => {
            link(ctx, &bytes, out, emit == CompileEmit::Lib)
        }
        (_, out) => write_output(ctx, out, &bytes),
    };
    exit(ok)
}

/// Links an object into an executable or shared library with the system `cc`, atomically
/// (a device or FIFO output is written in place, never replaced), with the mode `cc` gives
/// (0777 under the umask: 0755 usually).
pub(crate) fn link(ctx: &Ctx, object: &[u8], output: &Path, shared: bool) -> bool {
    let run = || -> Result<(), String> {
        let cannot = |e: std::io::Error| format!("cannot write `{}`: {e}", output.display());
        let target = kiln::destination(output).map_err(cannot)?;
        let obj = tempfile::Builder::new()
            .suffix(".o")
            .tempfile()
            .map_err(|e| format!("cannot create a temporary object: {e}"))?;
        std::fs::write(obj.path(), object).map_err(|e| format!("cannot write the object: {e}"))?;
        // kiln's part of MLIR's runtime (`memrefCopy`), taken only where the program calls it.
        let runtime = tempfile::Builder::new()
            .suffix(".a")
            .tempfile()
            .map_err(|e| format!("cannot create a temporary archive: {e}"))?;
        std::fs::write(runtime.path(), kiln::backend::jit::runtime::ARCHIVE)
            .map_err(|e| format!("cannot write kiln's runtime archive: {e}"))?;
        // Linked beside the output when it is a file (so the rename stays on one file
        // system), else in the temporary directory, then copied into the device or FIFO.
        let dir = match &target {
            kiln::Destination::Replace(p) => match p.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            },
            kiln::Destination::InPlace => std::env::temp_dir(),
        };
        let out = tempfile::Builder::new()
            .prefix(".kiln-link")
            .tempfile_in(&dir)
            .map_err(|e| format!("cannot create a file in `{}`: {e}", dir.display()))?;
        let mut cmd = std::process::Command::new("cc");
        if shared {
            cmd.arg("-shared");
        }
        let result = cmd
            .arg(obj.path())
            .arg(runtime.path())
            .arg("-o")
            .arg(out.path())
            .output()
            .map_err(|e| format!("cannot run `cc`: {e}"))?;
        if !result.status.success() {
            return Err(format!(
                "`cc` failed:\n{}",
                String::from_utf8_lossy(&result.stderr).trim_end()
            ));
        }
        match target {
            kiln::Destination::InPlace => {
                let bytes = std::fs::read(out.path())
                    .map_err(|e| format!("cannot read the linked file: {e}"))?;
                std::fs::write(output, bytes).map_err(cannot)?;
            }
            kiln::Destination::Replace(p) => {
                use std::os::unix::fs::PermissionsExt;
                let mode = 0o777 & !kiln::umask();
                std::fs::set_permissions(out.path(), std::fs::Permissions::from_mode(mode))
                    .map_err(cannot)?;
                out.persist(&p).map_err(|e| cannot(e.error))?;
            }
        }
        Ok(())
    };
    match run() {
        Ok(()) => true,
        Err(e) => {
            ctx.fail("link", &output.display().to_string(), e);
            false
        }
    }
}

/// The lowered program of a file, lowered in a one-shot session ([`OneShot`]), with the
/// session; `None` after reporting the diagnostics when a function did not lower.
pub(crate) fn lowered_program(
    ctx: &Ctx,
    db: Database,
    file: &Path,
    rules: &RulesArg,
) -> Option<(Vec<kiln::Lowered>, OneShot)> {
    let one = OneShot::open(ctx, db, file, rules)?;
    let reported = one.session.lower(&one.name);
    let program = one.take(ctx, reported)?;
    Some((program, one))
}
