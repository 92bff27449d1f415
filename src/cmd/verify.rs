//! `kiln verify`: random programs, interpreter against native code, shrunk counterexamples.

use super::*;

/// `kiln verify`.
pub(crate) fn verify(ctx: Ctx, _db: Database, args: VerifyArgs) -> ExitCode {
    let VerifyArgs {
        cases,
        seed,
        shard,
        max_size,
        against,
        output,
        quiet,
        rule_samples,
        list_unchecked,
        rules,
    } = args;

    let Some(compiled) = load_rules(&ctx, rules.dir.as_deref()) else {
        return ExitCode::FAILURE;
    };
    if rule_samples > 0 {
        let report = kiln::verify::rules::check_rules(&compiled, rule_samples, seed);
        println!(
            "rules: {} checked on {} samples each (at most), {} not checkable by evaluation{}",
            report.checked.len(),
            rule_samples,
            report.unchecked.len(),
            if list_unchecked {
                ":"
            } else {
                " (--list-unchecked)"
            }
        );
        if list_unchecked {
            for (r, why) in &report.unchecked {
                println!("  {r}: {why}");
            }
        }
        if !report.failures.is_empty() {
            for f in &report.failures {
                println!("unsound: {f}");
            }
            return ExitCode::FAILURE;
        }
        // Listing is the whole request: the cases run without the flag.
        if list_unchecked {
            return ExitCode::SUCCESS;
        }
    }
    if against.is_some() && !kiln::reference::available() {
        ctx.fail(
            "verify.mlir",
            "kiln verify",
            "--against mlir needs MLIR 19 (apt install mlir-19-tools)".to_string(),
        );
        return ExitCode::FAILURE;
    }
    let verifier = kiln::verify::Verifier::new(compiled).with_against(match against {
        Some(Against::Mlir) => kiln::verify::Against::KilnAndMlir,
        None => kiln::verify::Against::Kiln,
    });
    let shard = shard.unwrap_or(kiln::verify::Shard::WHOLE);
    let range = shard.cases(cases);
    let bar = if quiet || !std::io::stderr().is_terminal() {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(range.end - range.start)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} cases, {per_sec}, {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let start = std::time::Instant::now();
    let size = kiln::verify::Size::of(max_size);
    let result = verifier.run_shard(cases, shard, seed, size, |i| bar.set_position(i));
    bar.finish_and_clear();
    match result {
        Ok(n) => {
            let secs = start.elapsed().as_secs_f64();
            // Case i uses seed + i, so the cases of `range` use the seeds from
            // seed + range.start on.
            let first = seed.wrapping_add(range.start);
            let seeds = match n {
                0 => "no seeds".to_string(),
                1 => format!("seed {first}"),
                _ => format!("seeds {first}..={}", first.wrapping_add(n - 1)),
            };
            let of = match shard.count {
                1 => String::new(),
                _ => format!(", shard {shard} of {cases} cases"),
            };
            println!(
                "{n} cases passed ({seeds}{of}), {:.1} cases/s",
                n as f64 / secs.max(1e-9)
            );
            ExitCode::SUCCESS
        }
        Err(c) => {
            println!(
                "counterexample (seed {}, {} statement{}):",
                c.seed,
                c.statements,
                if c.statements == 1 { "" } else { "s" }
            );
            println!("{}", c.failure);
            print_blame(&c.blame);
            println!(
                "--- program ({}):",
                output.as_ref().map_or("below".to_string(), |o| display(o))
            );
            print!("{}", c.program);
            // Everything that shapes the case is repeated, so each command makes it again.
            let rules_flag = rules
                .dir
                .as_ref()
                .map_or(String::new(), |d| format!(" --rules '{}'", d.display()));
            let file = output.as_ref().map_or("FILE".to_string(), |o| display(o));
            println!(
                "--- reproduce: kiln run {file}{rules_flag} --entry {} {}",
                c.entry,
                c.args
                    .iter()
                    .map(|a| format!("'{a}'"))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            let mut again = format!(
                "kiln verify --seed {} --cases 1 --max-size {max_size} --rule-samples {rule_samples}",
                c.seed
            );
            if against.is_some() {
                again.push_str(" --against mlir");
            }
            again.push_str(&rules_flag);
            println!(
                "--- and: kiln interp {file} --entry {} ...; or {again}",
                c.entry
            );
            if let Some(o) = output {
                if let Err(e) = write_atomically(&o, c.program.as_bytes()) {
                    ctx.fail("io.write", &display(&o), format!("cannot write: {e}"));
                }
            }
            ExitCode::FAILURE
        }
    }
}

/// The rules a counterexample blames: every suspect in full, then the rules the program
/// needs and those whose removal changes nothing, by name only.
pub(crate) fn print_blame(blame: &[kiln::verify::blame::Suspect]) {
    use kiln::verify::blame::Verdict;
    if blame.is_empty() {
        return;
    }
    println!("--- rules that fired, most suspicious first:");
    for s in blame.iter().filter(|s| s.verdict < Verdict::Needed) {
        println!("  {s}");
    }
    for (v, what) in [
        (Verdict::Needed, "needed to lower the program"),
        (
            Verdict::SameWithout,
            "the program fails the same without them",
        ),
    ] {
        let names: Vec<&str> = blame
            .iter()
            .filter(|s| s.verdict == v)
            .map(|s| s.rule.as_str())
            .collect();
        if !names.is_empty() {
            println!("  {what}: {}", names.join(", "));
        }
    }
}
