//! The Rust API's side of the C API's benchmark (`capi/bench/compile.c` does the same
//! through libkiln): opens a module, compiles it to an object at -O0 (cold), edits one
//! function and compiles again (warm), ROUNDS times in one process, and prints the median
//! of each in milliseconds. `scripts/bench-capi.sh` runs both in the same run.
//!
//! usage: cargo run --release --no-default-features --example compile_session -- MODULE.mlir ROUNDS

use kiln_driver::backend::Emit;
use kiln_driver::Session;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(rounds)) = (args.get(1), args.get(2).and_then(|r| r.parse().ok())) else {
        eprintln!("usage: compile_session MODULE.mlir ROUNDS");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let needle = "arith.constant 0 : index";
    let Some(at) = text.find(needle) else {
        eprintln!("{path}: no `{needle}` to edit");
        return ExitCode::FAILURE;
    };
    let offset = at + needle.len();
    let (mut cold, mut warm) = (Vec::new(), Vec::new());
    let mut bytes = 0;
    for _ in 0..rounds {
        let t0 = Instant::now();
        let mut s = Session::new();
        s.set_source("m.mlir", text.as_str());
        match s.compile("m.mlir", Emit::Obj, 0).into_result() {
            Ok(code) => bytes = code.len(),
            Err(e) => {
                eprintln!("compile: {} errors", e.len());
                return ExitCode::FAILURE;
            }
        }
        let t1 = Instant::now();
        if s.edit_source("m.mlir", offset..offset, " ").is_err()
            || s.compile("m.mlir", Emit::Obj, 0).into_result().is_err()
        {
            eprintln!("the edit failed");
            return ExitCode::FAILURE;
        }
        let t2 = Instant::now();
        drop(s);
        cold.push((t1 - t0).as_secs_f64() * 1e3);
        warm.push((t2 - t1).as_secs_f64() * 1e3);
    }
    cold.sort_by(f64::total_cmp);
    warm.sort_by(f64::total_cmp);
    println!(
        "rust cold_ms {:.1} edit_ms {:.1} bytes {bytes}",
        cold[rounds / 2],
        warm[rounds / 2]
    );
    ExitCode::SUCCESS
}
