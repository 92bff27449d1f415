//! `kiln rules check|test|fmt`: the rule files themselves.

use super::*;

/// `kiln rules`.
pub(crate) fn rules(ctx: Ctx, _db: Database, args: RulesArgs) -> ExitCode {
    let RulesArgs { command } = args;
    match command {
        RulesCommand::Fmt { check, files } => rules_fmt(&ctx, check, &files),
        RulesCommand::Check {
            dir,
            deny_warnings,
            no_eval,
        } => {
            let Some(c) = load_rules(&ctx, dir.as_deref()) else {
                return ExitCode::FAILURE;
            };
            let r = &c.rules;
            let lints = kiln::engine::lint(r);
            for d in &lints {
                let f = &r.files[d.file];
                ctx.report(std::slice::from_ref(&d.diagnostic), &f.path, &f.text);
            }
            // The checker's own warnings (`rules.overlap`) were reported while loading.
            let warned = !lints.is_empty() || !kiln::engine::overlaps(r).is_empty();
            if deny_warnings && warned {
                ctx.fail(
                    "rules.warnings",
                    "<rules>",
                    "warnings are denied (`--deny-warnings`)".to_string(),
                );
                return ExitCode::FAILURE;
            }
            println!(
                "{} files, {} operations, {} phases, {} rules, {} tests: ok",
                r.files.len(),
                r.decls.len(),
                r.phases.len(),
                r.rules.len(),
                r.tests.len()
            );
            if no_eval {
                return ExitCode::SUCCESS;
            }
            eval_rules(&ctx, &c)
        }
        RulesCommand::Test { dir } => {
            let Some(c) = load_rules(&ctx, dir.as_deref()) else {
                return ExitCode::FAILURE;
            };
            let results = kiln::run_inline_tests(&c);
            let mut failed = 0;
            for t in &results {
                match &t.failure {
                    None => println!("test {} ... ok", t.name),
                    Some(why) => {
                        failed += 1;
                        println!("test {} ... FAILED", t.name);
                        println!("  {}: {why}", c.rules.describe(t.loc));
                    }
                }
            }
            println!("\n{} passed, {failed} failed", results.len() - failed);
            exit(failed == 0)
        }
    }
}

/// `kiln rules fmt`: formats each file in place (only when it changes), or with `check`
/// names the files that are not formatted. `-` reads standard input and prints the formatted
/// text (for editors that format through a command). A file that does not parse is reported
/// and left alone; any such file, or with `check` any unformatted one, makes the exit status 1.
pub(crate) fn rules_fmt(ctx: &Ctx, check: bool, files: &[PathBuf]) -> ExitCode {
    let mut ok = true;
    for path in files {
        let shown = display(path);
        let Some(text) = read_input(ctx, path) else {
            ok = false;
            continue;
        };
        let formatted = match kiln::engine::format_rule_file(&text) {
            Ok(f) => f,
            Err(diags) => {
                ctx.report(&diags, &shown, &text);
                ok = false;
                continue;
            }
        };
        let stdin = path == Path::new("-");
        if stdin && !check {
            print!("{formatted}");
            continue;
        }
        if formatted == text {
            continue;
        }
        if check {
            println!("{shown}: not formatted");
            ok = false;
        } else if let Err(e) = std::fs::write(path, formatted) {
            ctx.fail("io.write", &shown, format!("cannot write `{shown}`: {e}"));
            ok = false;
        } else {
            println!("{shown}: formatted");
        }
    }
    exit(ok)
}

/// `kiln rules check`'s evaluation: every rule whose sides can be evaluated, on random
/// inputs (interesting constants among them); an unsound rule is an error at the rule.
pub(crate) fn eval_rules(ctx: &Ctx, c: &kiln::CompiledRules) -> ExitCode {
    let start = std::time::Instant::now();
    let report = kiln::verify::rules::check_rules(c, RULES_CHECK_SAMPLES, 1);
    for f in &report.failures {
        let Some(file) = c.rules.files.get(f.loc.file) else {
            ctx.fail("rules.unsound", "<rules>", f.to_string());
            continue;
        };
        let d = Diagnostic::error(
            "rules.unsound",
            f.loc.span,
            format!("rule `{}` is unsound: {}", f.rule, f.message),
        );
        ctx.report(&[d], &file.path, &file.text);
    }
    println!(
        "evaluated {} rules on up to {RULES_CHECK_SAMPLES} inputs each in {} ms: {} unsound; {} not evaluable (kiln verify --list-unchecked)",
        report.checked.len() + report.failures.len(),
        start.elapsed().as_millis(),
        report.failures.len(),
        report.unchecked.len()
    );
    exit(report.failures.is_empty())
}

/// How many random instantiations `kiln rules check` evaluates per rule: few, since a rule
/// author runs it after each edit (`kiln verify --rule-samples N` runs more).
pub(crate) const RULES_CHECK_SAMPLES: usize = 10;
