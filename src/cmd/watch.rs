//! `kiln watch`: rebuild an output whenever a source or rule file changes.

use super::*;

/// `kiln watch`.
pub(crate) fn watch_command(ctx: Ctx, _db: Database, args: WatchArgs) -> ExitCode {
    let WatchArgs {
        file,
        output,
        emit,
        rules,
        cache,
        max_builds,
    } = args;

    // A directory of outputs has no extension to go by.
    let named = (!file.is_dir()).then_some(output.as_path());
    let Some(emit) = choose_emit(&ctx, emit, named, WatchEmit::LlvmIr) else {
        return ExitCode::from(2);
    };
    let shared = match open_cache(&ctx, &cache) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let code = watch(
        &ctx,
        &file,
        &output,
        emit,
        &rules,
        max_builds,
        shared.clone(),
    );
    report_cache(&ctx, shared.as_ref(), cache.cache_stats);
    code
}

/// `kiln watch`: builds once, then after every change (see `kiln::watch`), printing what
/// each build did.
pub(crate) fn watch(
    ctx: &Ctx,
    source: &Path,
    output: &Path,
    emit: WatchEmit,
    rules: &RulesArg,
    max_builds: Option<u64>,
    shared: Option<Arc<kiln::shared_cache::SharedCache>>,
) -> ExitCode {
    use kiln::watch::{Outcome, Watch};
    let emit = match emit {
        WatchEmit::Lowered => kiln::watch::WatchEmit::Lowered,
        WatchEmit::LlvmIr => kiln::watch::WatchEmit::LlvmIr,
        WatchEmit::Asm => kiln::watch::WatchEmit::Asm,
        WatchEmit::Obj => kiln::watch::WatchEmit::Obj,
    };
    let w = Watch::new(source, output, emit)
        .with_rules_dir(rules.dir.as_deref())
        .with_c_interface(rules.c_interface)
        .with_bare_ptr(rules.bare_ptr)
        .with_shared_cache(shared);
    let mut builds = 0u64;
    let mut last_ok = true;
    let result = w.run(|build| {
        if let Some(e) = &build.rule_error {
            ctx.fail("io.read", "rules", e.clone());
        }
        let ms = build.elapsed.as_secs_f64() * 1000.0;
        for (name, outcome) in &build.files {
            match outcome {
                Outcome::Built {
                    output,
                    written,
                    work,
                } => eprintln!(
                    "kiln watch: {name}: {} function(s) lowered again, {} code-generated again,{}{} {} {} ({ms:.1} ms)",
                    work.lowered,
                    work.generated,
                    // Only objects are made of units (at -O0) or parts (optimized).
                    compiled_again(work.units, "object unit"),
                    compiled_again(work.parts, "optimized part"),
                    display(output),
                    if *written { "written" } else { "unchanged" },
                ),
                Outcome::Errors { output, files } => {
                    for f in files {
                        ctx.report(&f.diagnostics, &f.path, &f.text);
                    }
                    eprintln!(
                        "kiln watch: {name}: errors; {} left as it was",
                        display(output)
                    );
                }
                Outcome::Io { path, message } => ctx.fail("io", &display(path), message.clone()),
                Outcome::Removed => eprintln!("kiln watch: {name}: removed"),
            }
        }
        last_ok = build.ok();
        builds += 1;
        max_builds.is_none_or(|m| builds < m)
    });
    if let Err(e) = result {
        ctx.fail("io.watch", &display(source), e);
        return ExitCode::FAILURE;
    }
    // With `--max-builds`, the exit code tells how the last build went.
    if last_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// ` N WHAT(s) compiled again,` for a count above zero, else nothing.
fn compiled_again(n: usize, what: &str) -> String {
    if n > 0 {
        format!(" {n} {what}(s) compiled again,")
    } else {
        String::new()
    }
}
