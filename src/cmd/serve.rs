//! `kiln serve` and `kiln lsp`: the JSON-lines session and the language server.

use super::*;

/// `kiln lsp`.
pub(crate) fn lsp(ctx: Ctx, _db: Database) -> ExitCode {
    match kiln::lsp::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            ctx.fail("lsp", "kiln lsp", e);
            ExitCode::FAILURE
        }
    }
}

/// `kiln serve`.
pub(crate) fn serve(ctx: Ctx, _db: Database, args: ServeArgs) -> ExitCode {
    let shared = match open_cache(&ctx, &args.cache) {
        Ok(c) => c,
        Err(code) => return code,
    };
    // Requests carry whole source files: read them in large pieces, not stdin's 8 KiB.
    let input = std::io::BufReader::with_capacity(1 << 20, std::io::stdin());
    let served = kiln::serve::serve_with_cache(input, std::io::stdout().lock(), shared.clone());
    report_cache(&ctx, shared.as_ref(), args.cache.cache_stats);
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            ctx.fail("serve", "kiln serve", format!("i/o error: {e}"));
            ExitCode::FAILURE
        }
    }
}
