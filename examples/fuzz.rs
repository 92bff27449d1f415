//! `cargo run --example fuzz -- TARGET SECONDS [SEED]`: runs one fuzz target of
//! [`kiln::fuzz`] (`frontend`, `rules`, `serve`, `run-args`, `lowering`, or `all`, which
//! splits the time) from the repository root, prints executions and findings, and writes each
//! finding's input to `fuzz-findings/TARGET-KIND-N.txt`. Exit 1 when something was found.
//! `scripts/fuzz.sh` is the usual way in.

use kiln::fuzz::{Config, Target, TARGETS};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: fuzz TARGET SECONDS [SEED]   (TARGET: frontend, rules, serve, run-args, lowering, all)";
    if args.first().map(String::as_str) == Some("seeds") {
        return write_seeds(&args[1..]);
    }
    let (Some(name), Some(secs)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let Ok(secs) = secs.parse::<u64>() else {
        eprintln!("SECONDS must be a whole number: `{secs}`\n{usage}");
        return ExitCode::from(2);
    };
    let seed = match args.get(2).map(|s| s.parse::<u64>()) {
        None => 1,
        Some(Ok(s)) => s,
        Some(Err(_)) => {
            eprintln!("SEED must be a whole number\n{usage}");
            return ExitCode::from(2);
        }
    };
    let targets: Vec<Target> = if name == "all" {
        TARGETS.iter().map(|(_, t)| *t).collect()
    } else {
        match Target::parse(name) {
            Some(t) => vec![t],
            None => {
                eprintln!("unknown target `{name}`\n{usage}");
                return ExitCode::from(2);
            }
        }
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let kiln = std::env::var_os("KILN").map(PathBuf::from).or_else(|| {
        let p = root.join("target/debug/kiln");
        p.is_file().then_some(p)
    });
    let per = Duration::from_secs(secs) / targets.len() as u32;
    let mut found = false;
    for t in targets {
        let cfg = Config {
            root: root.clone(),
            seed,
            budget: per,
            kiln: kiln.clone(),
            mlir: true,
        };
        let report = match kiln::fuzz::run(t, &cfg) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("fuzz {}: {e}", t.name());
                return ExitCode::from(2);
            }
        };
        println!(
            "{}: {} executions in {} s (seed {seed}), corpus {}, mlir-opt checks {}, timeouts {}, findings {}",
            t.name(),
            report.executions,
            per.as_secs(),
            report.corpus,
            report.mlir_checked,
            report.timeouts,
            report.findings.len()
        );
        for (i, f) in report.findings.iter().enumerate() {
            found = true;
            let dir = root.join("fuzz-findings");
            let path = dir.join(format!("{}-{}-{i}.txt", t.name(), f.kind));
            let _ = std::fs::create_dir_all(&dir);
            if let Err(e) = std::fs::write(&path, &f.input) {
                eprintln!("cannot write {}: {e}", path.display());
            }
            let first = f.message.lines().next().unwrap_or_default();
            println!("  {} ({}): {first}", f.kind, path.display());
        }
    }
    if found {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `fuzz seeds TARGET DIR`: writes the seed corpus of a libFuzzer target (`fuzz/`, where
/// `run_args` is spelled with an underscore) into DIR, one file per seed named by its index.
fn write_seeds(args: &[String]) -> ExitCode {
    let (Some(name), Some(dir)) = (args.first(), args.get(1)) else {
        eprintln!("usage: fuzz seeds TARGET DIR");
        return ExitCode::from(2);
    };
    let Some(target) = Target::parse(&name.replace('_', "-")) else {
        eprintln!("unknown target `{name}`");
        return ExitCode::from(2);
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = PathBuf::from(dir);
    for (i, seed) in kiln::fuzz::input::seed_inputs(target, &root)
        .iter()
        .enumerate()
    {
        let path = dir.join(format!("seed-{i:04}"));
        if let Err(e) = std::fs::write(&path, seed) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
