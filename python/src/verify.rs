//! Equivalence campaigns (`kiln verify`) in shards, for `kiln.campaign` and `kiln.cluster`.

use crate::tools::RuleSet;
use crate::{detached, Failure, Kind, NResult};
use kiln_engine::RuleSource;
use kiln_verify::{Against, Counterexample, Shard, Size, Verifier};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(verify_shard_range, m)?)?;
    m.add_function(wrap_pyfunction!(verify_shard, m)?)?;
    m.add_function(wrap_pyfunction!(verify_counterexample, m)?)?;
    Ok(())
}

fn shard(index: u64, count: u64) -> NResult<Shard> {
    Shard::new(index, count).map_err(|e| Failure::new(Kind::Value, e))
}

/// The verifier of a campaign: the rules given as `(path, text)` pairs, or the shipped ones.
fn verifier(rules: Option<Vec<(String, String)>>, against_mlir: bool) -> NResult<Verifier> {
    let compiled = match rules {
        None => crate::tools::shipped()?,
        Some(files) => {
            let sources = files
                .into_iter()
                .map(|(path, text)| RuleSource { path, text })
                .collect();
            RuleSet::build(sources, "the campaign's rules".to_string())?.compiled
        }
    };
    if against_mlir && !kiln_verify::reference::available() {
        return Err(Failure::new(
            Kind::Runtime,
            "comparing with MLIR 19 needs its tools (apt install mlir-19-tools)",
        ));
    }
    let against = match against_mlir {
        true => Against::KilnAndMlir,
        false => Against::Kiln,
    };
    Ok(Verifier::new(Arc::clone(&compiled)).with_against(against))
}

/// The case indices `(start, end)` of shard `index` of `count` in a campaign of `cases`.
#[pyfunction]
fn verify_shard_range(cases: u64, index: u64, count: u64) -> PyResult<(u64, u64)> {
    let range = shard(index, count)?.cases(cases);
    Ok((range.start, range.end))
}

/// Runs shard `index` of `count` of a campaign of `cases` cases from `seed` on every core
/// of this process, past every failure. Returns `{"cases", "first_seed", "seconds",
/// "failures": [{"seed", "kind", "statements"}]}`. `progress(done)` is called about four
/// times a second while it runs, and at the end.
#[pyfunction]
#[pyo3(signature = (cases, seed, index, count, max_size, rules=None, against_mlir=false, progress=None))]
#[allow(clippy::too_many_arguments)]
fn verify_shard<'py>(
    py: Python<'py>,
    cases: u64,
    seed: u64,
    index: u64,
    count: u64,
    max_size: usize,
    rules: Option<Vec<(String, String)>>,
    against_mlir: bool,
    progress: Option<PyObject>,
) -> PyResult<Bound<'py, PyDict>> {
    let range = shard(index, count)?.cases(cases);
    let first_seed = seed.wrapping_add(range.start);
    let (campaign, seconds) = detached(py, move || {
        let verifier = verifier(rules, against_mlir)?;
        let start = std::time::Instant::now();
        let mut reported = start;
        let report = |done: u64| {
            if let Some(p) = &progress {
                Python::with_gil(|py| {
                    // A callback that fails must not stop the campaign; its error is shown.
                    if let Err(e) = p.call1(py, (done,)) {
                        e.print(py);
                    }
                });
            }
        };
        let campaign = verifier.run_cases(range, seed, Size::of(max_size), true, |done| {
            if reported.elapsed().as_millis() >= 250 {
                reported = std::time::Instant::now();
                report(done);
            }
        });
        report(campaign.cases);
        Ok((campaign, start.elapsed().as_secs_f64()))
    })?;
    let out = PyDict::new(py);
    out.set_item("cases", campaign.cases)?;
    out.set_item("first_seed", first_seed)?;
    out.set_item("seconds", seconds)?;
    let failures = PyList::empty(py);
    for found in &campaign.found {
        let f = PyDict::new(py);
        f.set_item("seed", found.seed)?;
        f.set_item("kind", found.failure.kind())?;
        f.set_item("statements", found.program.len())?;
        failures.append(f)?;
    }
    out.set_item("failures", failures)?;
    Ok(out)
}

/// The case of `seed` shrunk and blamed, as a dict (`seed`, `kind`, `rule`, `failure`,
/// `program`, `entry`, `args`, `statements`, `blame`), or `None` when it passes.
#[pyfunction]
#[pyo3(signature = (seed, max_size, rules=None, against_mlir=false))]
fn verify_counterexample<'py>(
    py: Python<'py>,
    seed: u64,
    max_size: usize,
    rules: Option<Vec<(String, String)>>,
    against_mlir: bool,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let found: Option<Box<Counterexample>> = detached(py, move || {
        Ok(verifier(rules, against_mlir)?.counterexample_of(seed, Size::of(max_size)))
    })?;
    let Some(c) = found else {
        return Ok(None);
    };
    let out = PyDict::new(py);
    out.set_item("seed", c.seed)?;
    out.set_item("kind", c.failure.kind())?;
    out.set_item("rule", c.first_blamed())?;
    out.set_item("failure", c.failure.to_string())?;
    out.set_item("program", &c.program)?;
    out.set_item("entry", &c.entry)?;
    out.set_item("args", &c.args)?;
    out.set_item("statements", c.statements)?;
    let blame = PyList::empty(py);
    for s in &c.blame {
        let d = PyDict::new(py);
        d.set_item("rule", &s.rule)?;
        d.set_item("place", &s.place)?;
        d.set_item("applied", s.applied)?;
        d.set_item("verdict", s.verdict.to_string())?;
        d.set_item("detail", s.detail.as_deref())?;
        blame.append(d)?;
    }
    out.set_item("blame", blame)?;
    Ok(Some(out))
}
