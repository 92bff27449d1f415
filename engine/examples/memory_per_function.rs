//! How many bytes each stage keeps per function of a file (docs/history/benchmarks.md, "peak memory"):
//! the syntax tree, the IR built from it, and one lowering (with its statistics), measured
//! with a counting allocator, and the time of a full and of a resumed split into functions.
//!
//! usage: `cargo run --release -p kiln-engine --example memory_per_function -- FILE.mlir`
//! (`python3 scripts/gen_memref_module.py 2000 > m2000.mlir`), from the repository root.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

/// The system allocator, counting the bytes live.
struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        LIVE.fetch_add(n as isize - l.size() as isize, Ordering::Relaxed);
        System.realloc(p, l, n)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

fn main() -> Result<(), String> {
    use kiln_frontend::split::{split_module, split_module_edited};
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: memory_per_function FILE.mlir")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read `{path}`: {e}"))?;

    let start = std::time::Instant::now();
    let spans = split_module(&text).ok_or("the file does not split into functions")?;
    let full = start.elapsed();
    // An edit in the middle function's body, split again from the old split.
    let middle = &spans[spans.len() / 2];
    let at = text[middle.span.range()]
        .find('{')
        .map_or(middle.span.start as usize, |i| {
            middle.span.start as usize + i + 1
        });
    let edited = format!("{}\n  // edited{}", &text[..at], &text[at..]);
    let start = std::time::Instant::now();
    let resumed = split_module_edited(&edited, &text, &spans);
    let resumed_time = start.elapsed();
    if resumed != split_module(&edited) {
        return Err("the resumed split differs from the full one".to_string());
    }
    println!("split: full {full:?}, resumed after an edit {resumed_time:?}");

    let n = spans.len();
    let texts: Vec<&str> = spans.iter().map(|s| &text[s.span.range()]).collect();
    let before = live();
    let parsed: Vec<_> = texts
        .iter()
        .map(|t| kiln_frontend::parse_func(t).map_err(|e| format!("{e:?}")))
        .collect::<Result<_, _>>()?;
    let after_parse = live();
    let built: Vec<_> = parsed
        .iter()
        .map(|p| kiln_frontend::build_function(&p.tree).0)
        .collect();
    let after_build = live();
    println!("functions: {n}, text {} B per function", text.len() / n);
    println!(
        "syntax tree: {} B per function",
        (after_parse - before) / n as isize
    );
    println!(
        "IR: {} B per function",
        (after_build - after_parse) / n as isize
    );

    let cannot =
        |e: std::io::Error| format!("cannot read `rules/` (run from the repository root): {e}");
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir("rules")
        .map_err(cannot)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    paths.sort();
    let mut sources = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(&p).map_err(cannot)?;
        sources.push(kiln_engine::RuleSource {
            path: p.display().to_string(),
            text,
        });
    }
    let loaded = kiln_engine::load_rules(sources);
    let rules = kiln_engine::CompiledRules::new(std::sync::Arc::new(loaded.rules));
    let opts = kiln_engine::LowerOptions::default();
    let m = n.min(500);
    let before = live();
    let lowered: Vec<_> = built[..m]
        .iter()
        .map(|f| kiln_engine::lower_function(&rules, f, &opts))
        .collect();
    println!(
        "lowering (the lowered function and its statistics): {} B per function (first {m})",
        (live() - before) / m as isize
    );
    drop(lowered);
    Ok(())
}
