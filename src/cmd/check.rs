//! `kiln check` and `kiln fmt`: parse, verify and print sources.

use super::*;

/// `kiln fmt`.
pub(crate) fn fmt(ctx: Ctx, db: Database, args: FmtArgs) -> ExitCode {
    let FmtArgs { file, output } = args;

    let Some(text) = read_input(&ctx, &file) else {
        return ExitCode::FAILURE;
    };
    let name = display(&file);
    let (source, diags) = check_source(&db, &name, &text);
    ctx.report(&diags, &name, &text);
    if kiln::frontend::has_errors(&diags) {
        return ExitCode::FAILURE;
    }
    let printed = format_file(&db, source);
    exit(write_output(&ctx, output.as_deref(), printed.as_bytes()))
}

/// `kiln check`.
pub(crate) fn check(ctx: Ctx, db: Database, args: CheckArgs) -> ExitCode {
    let CheckArgs { files } = args;
    // Never dropped, as a one-shot command's session is not (see `OneShot::session`).
    let db = std::mem::ManuallyDrop::new(db);

    let mut failed = false;
    for path in &files {
        let Some(text) = read_input(&ctx, path) else {
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
