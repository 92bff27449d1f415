//! `kiln check` and `kiln fmt`: parse, verify and print sources.

use super::*;

/// `kiln fmt`.
pub(crate) fn fmt(ctx: Ctx, db: Database, args: FmtArgs) -> ExitCode {
    let FmtArgs {
        file,
        output,
        as_mlir_opt,
        generic,
    } = args;

    let read = if as_mlir_opt {
        read_input
    } else {
        read_program
    };
    let Some(text) = read(&ctx, &file) else {
        return ExitCode::FAILURE;
    };
    let name = display(&file);
    if as_mlir_opt {
        return match as_mlir_opt_prints(&text, &name, generic) {
            Ok(printed) => exit(write_output(&ctx, output.as_deref(), printed.as_bytes())),
            Err(diags) => {
                ctx.report(&diags, &name, &text);
                ExitCode::FAILURE
            }
        };
    }
    let (source, diags) = check_source(&db, &name, &text);
    ctx.report(&diags, &name, &text);
    if kiln::frontend::has_errors(&diags) {
        return ExitCode::FAILURE;
    }
    let printed = format_file(&db, source);
    exit(write_output(&ctx, output.as_deref(), printed.as_bytes()))
}

/// The file as `mlir-opt-19` prints it, through the generic IR; its syntax and structural
/// errors otherwise.
pub(crate) fn as_mlir_opt_prints(
    text: &str,
    name: &str,
    generic: bool,
) -> Result<String, Vec<kiln::frontend::Diagnostic>> {
    use kiln::frontend::generic::{
        graph::Graph, print_operation, read_module, verify, PrintOptions,
    };
    use kiln::frontend::{Diagnostic, Span};
    let mut graph = Graph::new();
    let module = read_module(&mut graph, text, name).map_err(|e| {
        vec![Diagnostic::error(
            "parse.generic",
            Span::new(e.offset, e.offset),
            e.message,
        )]
    })?;
    let errors = verify(&graph, module);
    if !errors.is_empty() {
        return Err(errors
            .into_iter()
            .map(|(op, message)| {
                let at = offset_of(text, &graph.op(op).location);
                Diagnostic::error("verify.structure", Span::new(at, at), message)
            })
            .collect());
    }
    let options = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    // `mlir-opt` ends the top-level operation with a newline and its output with an empty
    // line.
    Ok(format!("{}\n\n", print_operation(&graph, module, options)))
}

/// The byte offset of a location `"file":line:col` in `text` (0 for any other location).
fn offset_of(text: &str, location: &str) -> usize {
    let mut parts = location.rsplitn(3, ':');
    let (Some(col), Some(line)) = (parts.next(), parts.next()) else {
        return 0;
    };
    let (Ok(line), Ok(col)) = (line.parse::<usize>(), col.parse::<usize>()) else {
        return 0;
    };
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line_text = text[start.min(text.len())..].lines().next().unwrap_or("");
    start
        + line_text
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(line_text.len(), |(i, _)| i)
}

/// `kiln check`.
pub(crate) fn check(ctx: Ctx, db: Database, args: CheckArgs) -> ExitCode {
    let CheckArgs { files } = args;
    // Never dropped, as a one-shot command's session is not (see `OneShot::session`).
    let db = std::mem::ManuallyDrop::new(db);

    let mut failed = false;
    for path in &files {
        let Some(text) = read_program(&ctx, path) else {
            failed = true;
            continue;
        };
        let name = display(path);
        let (_, diags) = check_source(&db, &name, &text);
        ctx.report(&diags, &name, &text);
        failed |= kiln::frontend::has_errors(&diags);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
