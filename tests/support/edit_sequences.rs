//! What the random edit-sequence properties share: the change an editor would send for an
//! edit, how many sequences to run, and the progress report of a long run. Included by
//! `tests/incremental/` (the session and `kiln serve`) and by
//! `server/tests/lsp_edits.rs` (the language server), which live in different crates.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

/// The bytes of `old` that `new` replaces (between their common prefix and suffix) and
/// what replaces them, as an editor would send the change. For ASCII texts (as the
/// properties make): the ends are not moved to character boundaries.
pub fn difference(old: &str, new: &str) -> (Range<usize>, String) {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
        .min(room);
    (
        prefix..a.len() - suffix,
        new[prefix..b.len() - suffix].to_string(),
    )
}

/// How many sequences to run (`KILN_EDIT_SEQUENCES`, default 12).
pub fn sequences() -> u64 {
    std::env::var("KILN_EDIT_SEQUENCES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12)
}

/// Counts a finished sequence in `done`; a run of 1,000 or more reports its peak memory
/// every tenth of the way, so that a long run shows memory stays bounded.
pub fn sequence_done(done: &AtomicU64) {
    let done = done.fetch_add(1, Ordering::Relaxed) + 1;
    let n = sequences();
    if n >= 1000 && done % (n / 10) == 0 {
        let peak = peak_memory_kib().unwrap_or(0);
        eprintln!("{done} sequences, peak memory {peak} KiB");
    }
}

/// This process's peak resident memory (`VmHWM`), where Linux reports it.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
