//! `kiln lower` and `kiln explain`: the rules on each function's e-graph, and why.

use super::*;

/// `kiln explain`.
pub(crate) fn explain(ctx: Ctx, db: Database, args: ExplainArgs) -> ExitCode {
    let ExplainArgs {
        file,
        func,
        rules,
        explain_limit,
        rule,
        why_not,
    } = args;

    if let Some((rule, report)) = rule
        .map(|r| (r, kiln::engine::WhyNotReport::All))
        .or(why_not.map(|r| (r, kiln::engine::WhyNotReport::Failures)))
    {
        let Some((source, name, _)) = checked_source(&ctx, &db, &file) else {
            return ExitCode::FAILURE;
        };
        let Some(compiled) = load_rules(&ctx, rules.dir.as_deref()) else {
            return ExitCode::FAILURE;
        };
        let func = func.trim_start_matches('@');
        return match kiln::explain_rule(&db, source, &compiled, func, &rule, report, rules.bare_ptr)
        {
            None => {
                ctx.fail(
                    "lower.no-function",
                    &name,
                    format!("`{name}` has no verified function `@{func}`"),
                );
                ExitCode::FAILURE
            }
            Some(Err(e)) => {
                ctx.fail("explain.no-rule", &name, e);
                ExitCode::FAILURE
            }
            Some(Ok(text)) => {
                let _ = std::io::stdout().lock().write_all(text.as_bytes());
                ExitCode::SUCCESS
            }
        };
    }
    let opts = kiln::LowerOptions::default().with_explanations(explain_limit);
    let Some((lowered, _, name, text)) =
        lower_command(&ctx, &db, &file, Some(&func), &rules, &opts, |f| f)
    else {
        return ExitCode::FAILURE;
    };
    let mut out = String::new();
    for f in &lowered {
        ctx.report(&f.outcome.diagnostics, &name, &text);
        if let Some(e) = &f.outcome.explanation {
            out.push_str(e);
        }
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    exit(
        !lowered
            .iter()
            .any(|f| kiln::frontend::has_errors(&f.outcome.diagnostics)),
    )
}

/// `kiln lower`.
pub(crate) fn lower(ctx: Ctx, db: Database, args: LowerArgs) -> ExitCode {
    let LowerArgs {
        file,
        emit,
        output,
        func,
        rules,
        stats,
    } = args;

    if emit == LowerEmit::Lowered && !stats {
        return lower_text(&ctx, db, &file, func.as_deref(), &rules, output.as_deref());
    }
    // The e-graph itself (`--emit egraph`) and the statistics of its saturation (`--stats`)
    // are not kept by any query: these lower directly, on the e-graph.
    let mut opts = kiln::LowerOptions::default();
    if emit == LowerEmit::Egraph {
        opts = opts.with_dot();
    }
    // Each function is printed on the worker that lowered it, and its lowered form (and,
    // without `--stats`, its statistics) dropped there.
    let finish = |mut f: kiln::FunctionLowering| {
        let printed = match emit {
            LowerEmit::Lowered => f.outcome.lowered.take().map(|l| l.to_string()),
            LowerEmit::Egraph => None,
        };
        if !stats {
            f.outcome.stats = Default::default();
        }
        (f, printed)
    };
    let Some((lowered, _, name, text)) =
        lower_command(&ctx, &db, &file, func.as_deref(), &rules, &opts, finish)
    else {
        return ExitCode::FAILURE;
    };
    let mut failed = false;
    let mut out = String::new();
    for (f, printed) in &lowered {
        ctx.report(&f.outcome.diagnostics, &name, &text);
        failed |= kiln::frontend::has_errors(&f.outcome.diagnostics);
        if stats {
            print_stats(f);
        }
        match emit {
            LowerEmit::Lowered => {
                if let Some(l) = printed {
                    if !out.is_empty() {
                        out.push('\n');
                    }
                    out.push_str(l);
                }
            }
            LowerEmit::Egraph => {
                if let Some(d) = &f.outcome.dot {
                    out.push_str(d);
                }
            }
        }
    }
    if emit == LowerEmit::Egraph && lowered.len() != 1 {
        ctx.fail(
            "lower.egraph",
            &name,
            format!(
                "`--emit egraph` draws one function, and `{name}` has {}; choose one with `--func`",
                lowered.len()
            ),
        );
        return ExitCode::FAILURE;
    }
    if failed {
        return ExitCode::FAILURE;
    }
    if !write_output(&ctx, output.as_deref(), out.as_bytes()) {
        return ExitCode::FAILURE;
    }
    if let (LowerEmit::Egraph, Some(dot_path)) = (emit, &output) {
        write_svg(dot_path);
    }
    ExitCode::SUCCESS
}

/// `kiln lower`'s text, from a one-shot session ([`OneShot`]): each function is printed on
/// the worker that lowered it, and its lowered form dropped there.
fn lower_text(
    ctx: &Ctx,
    db: Database,
    file: &Path,
    func: Option<&str>,
    rules: &RulesArg,
    output: Option<&Path>,
) -> ExitCode {
    let Some(one) = OneShot::open(ctx, db, file, rules) else {
        return ExitCode::FAILURE;
    };
    let func = func.map(|f| f.trim_start_matches('@'));
    if let Some(f) = func {
        if !one.session.function_names(&one.name).iter().any(|n| n == f) {
            ctx.fail(
                "lower.no-function",
                &one.name,
                format!("`{}` has no function `@{f}`", one.name),
            );
            return ExitCode::FAILURE;
        }
    }
    let Some(output) = output.filter(|o| o.as_os_str() != "-") else {
        // Standard output cannot be taken back: the whole text is known before any is
        // written.
        let reported = one.session.lowered_pieces(&one.name, func);
        let Some(pieces) = one.take(ctx, reported) else {
            return ExitCode::FAILURE;
        };
        return exit(write_output_lines(ctx, output, &pieces));
    };
    // A file is written through a temporary one renamed over it at the end, so each
    // function's text can be written as it is made (and dropped): an error discards it all.
    let mut lowering = None;
    let written = kiln::write_atomically_with(output, |out| {
        let reported = one.session.write_lowered_text(&one.name, func, out);
        let result = match &reported.value {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(std::io::Error::new(e.kind(), e.to_string())),
            Err(_) => Err(std::io::Error::other("the lowering failed")),
        };
        lowering = Some(reported);
        result
    });
    match lowering {
        Some(kiln::Reported {
            value: Ok(_),
            diagnostics,
        }) => {
            ctx.report(&diagnostics, &one.name, one.text());
        }
        Some(failed) => {
            one.take(ctx, failed);
            return ExitCode::FAILURE;
        }
        None => {}
    }
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            ctx.fail(
                "io.write",
                &output.display().to_string(),
                format!("cannot write `{}`: {e}", output.display()),
            );
            ExitCode::FAILURE
        }
    }
}

pub(crate) fn print_stats(f: &kiln::FunctionLowering) {
    let s = &f.outcome.stats;
    let mut err = std::io::stderr().lock();
    for p in &s.phases {
        let _ = writeln!(
            err,
            "@{} phase {}: {} iterations, {} nodes, {} classes, {:.3} ms, {}",
            f.name,
            p.phase,
            p.iterations,
            p.nodes,
            p.classes,
            p.time.as_secs_f64() * 1e3,
            p.stop
        );
        for (k, pass) in p.passes.iter().enumerate() {
            let _ = writeln!(
                err,
                "    pass {} ({}): {} searches, {} matches, {} applied; {} nodes, {} classes, {:.3} ms",
                k + 1,
                pass.scope,
                pass.searched,
                pass.matches,
                pass.applied,
                pass.nodes,
                pass.classes,
                pass.time.as_secs_f64() * 1e3
            );
        }
        for (rule, n) in &p.applied {
            let _ = writeln!(err, "    {rule}: {n}");
        }
    }
    let _ = writeln!(
        err,
        "@{} extraction and elaboration: {:.3} ms",
        f.name,
        s.extract_time.as_secs_f64() * 1e3
    );
}

/// Renders `path` (a `.dot`) to an `.svg` beside it when Graphviz is installed.
pub(crate) fn write_svg(dot_path: &Path) {
    let svg = dot_path.with_extension("svg");
    let status = std::process::Command::new("dot")
        .arg("-Tsvg")
        .arg(dot_path)
        .arg("-o")
        .arg(&svg)
        .stderr(std::process::Stdio::null())
        .status();
    if !matches!(status, Ok(s) if s.success()) {
        let _ = std::fs::remove_file(&svg);
    }
}

/// Checks `file`, loads the rules and lowers the file (or one function of it), with
/// `finish` applied to each function's lowering on its worker ([`kiln::lower_file_map`]);
/// `None` after reporting when the file, the rules or the named function are missing.
pub(crate) fn lower_command<T: Send>(
    ctx: &Ctx,
    db: &Database,
    file: &Path,
    func: Option<&str>,
    rules: &RulesArg,
    opts: &kiln::LowerOptions,
    finish: impl Fn(kiln::FunctionLowering) -> T + Sync,
) -> Option<(Vec<T>, kiln::SourceFile, String, String)> {
    let (source, name, text) = checked_source(ctx, db, file)?;
    let compiled = load_rules(ctx, rules.dir.as_deref())?;
    let func = func.map(|f| f.trim_start_matches('@').to_string());
    let opts = opts
        .clone()
        .with_c_interface(rules.c_interface)
        .with_bare_ptr(rules.bare_ptr);
    let lowered = kiln::lower_file_map(db, source, &compiled, &opts, func.as_deref(), finish);
    if let Some(f) = &func {
        if lowered.is_empty() {
            ctx.fail(
                "lower.no-function",
                &name,
                format!("`{name}` has no function `@{f}`"),
            );
            return None;
        }
    }
    Some((lowered, source, name, text))
}
