//! Equivalence testing of the lowering (`kiln verify`, and the quickcheck properties of
//! `tests/verify.rs`): random programs ([`program`]) run on the reference interpreter
//! ([`crate::interp`]) and as native code through kiln's rules at -O0 and -O2 (and,
//! optionally, through MLIR 19's pipeline), which must print the same. Each case also
//! checks that the program prints and parses back to the same IR and that lowering it twice
//! gives the same bytes. A failing case is shrunk to a small program.

pub mod blame;
pub mod campaign;
pub mod constants;
pub mod descriptor;
mod emit;
pub mod interp;
pub mod program;
pub mod reference;
pub mod rules;
pub mod type_meaning;

use crate::interp::Interpreter;
pub use campaign::{Campaign, Found, Shard};
use kiln_backend::jit::{Jit, JitError, Job, Program as JitProgram, DEFAULT_STACK};
use kiln_driver::{check_source, CompiledRules, Database};
pub use program::{Program, Size};
use std::fmt;

/// What to compare a program's interpretation with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// kiln's lowering, JIT-compiled at -O0 and at -O2.
    Kiln,
    /// kiln's lowering and MLIR 19's pipeline.
    KilnAndMlir,
}

/// Why a case failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The generator made something invalid (a bug in the generator, not in kiln).
    Generator(String),
    /// kiln's text does not read back the same, or lowering is not deterministic.
    RoundTrip(String),
    /// kiln could not lower or compile the program.
    Lowering(String),
    /// The native code computed something else than the interpreter.
    Mismatch {
        /// Which compilation differs (`kiln -O0`, `kiln -O2` or `MLIR 19`).
        by: String,
        /// What the interpreter printed.
        expected: String,
        /// What the native code printed (or `error: ...` when the call failed).
        actual: String,
    },
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Generator(m) => write!(f, "the generator made an invalid program: {m}"),
            Failure::RoundTrip(m) => write!(f, "{m}"),
            Failure::Lowering(m) => write!(f, "kiln cannot compile the program: {m}"),
            Failure::Mismatch {
                by,
                expected,
                actual,
            } => write!(
                f,
                "{by} differs from the interpreter\n--- interpreter\n{expected}--- {by}\n{actual}"
            ),
        }
    }
}

/// A failing case, shrunk: the program, its arguments, and what went wrong.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The case's seed: `kiln verify --seed SEED --cases 1` generates it again (before
    /// shrinking), and it gives the entry's arguments.
    pub seed: u64,
    /// The shrunk program as MLIR text.
    pub program: String,
    /// The entry function's name (`fN`, the last function).
    pub entry: String,
    /// The entry's arguments, in `kiln run`'s syntax.
    pub args: Vec<String>,
    /// What went wrong with the shrunk program.
    pub failure: Failure,
    /// The shrunk program's number of statements ([`Program::len`]).
    pub statements: usize,
    /// The rules that fired on the shrunk program, most suspicious first ([`blame`]).
    pub blame: Vec<blame::Suspect>,
}

/// How long one call of a case's native code may run: generated programs finish in
/// microseconds, so one that runs this long loops where the interpreter did not. Shrinking
/// and blaming such a case run many programs that loop too, each this long: with 10 s, a
/// wrong `addi` rule (`llvm.sub`, so a counted loop never ends) took 8 min 22 s to report.
const NATIVE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// Cases whose native code one LLVM engine compiles ([`Verifier::check_all`]).
const GROUP: u64 = 8;

/// At most this many fired rules are each left out once to rank them ([`blame`]).
const BLAME_BUDGET: usize = 400;

/// A case ready for its native runs.
struct Case {
    entry: String,
    ty: kiln_frontend::types::FunctionType,
    args: Vec<String>,
    /// What the interpreter printed.
    expected: String,
    /// Who compiled each run ("kiln -O2"), and what each compiles at which level.
    labels: Vec<String>,
    runs: Vec<(JitProgram, u8)>,
}

impl Case {
    /// A job per run (programs `first..` of a JIT): call the entry with the case's
    /// arguments and print what it computed. They run in a child process
    /// ([`Jit::run_isolated`]): a wrong rule can make native code store outside its
    /// buffers, or never return.
    fn jobs(&self, first: usize) -> Vec<(usize, Job)> {
        (0..self.runs.len())
            .map(|i| {
                let (entry, ty, args) = (self.entry.clone(), self.ty.clone(), self.args.clone());
                let job: Job = Box::new(move |caller| {
                    let text = match program::parse_arguments(&ty, &args) {
                        Err(e) => format!("arguments: {e}"),
                        Ok(mut args) => match kiln_abi::run::call_through(
                            &|e, a| caller.call(e, a),
                            &entry,
                            &ty,
                            &mut args,
                        ) {
                            Ok(o) => o.text(),
                            Err(e) => format!("error: {e}\n"),
                        },
                    };
                    text.into_bytes()
                });
                (first + i, job)
            })
            .collect()
    }

    /// Compiles the case's runs in an engine of their own, runs them and judges them.
    fn check_alone(&self) -> Result<(), Failure> {
        let jit = Jit::compile_programs(self.runs.clone(), DEFAULT_STACK)
            .map_err(|e| Failure::Lowering(e.to_string()))?;
        self.judge(&jit.run_isolated(NATIVE_TIMEOUT, self.jobs(0)))
    }

    /// Compares what each run printed (`answers`, in the order of [`Case::jobs`]) with
    /// the interpreter's; the first that differs is the failure.
    fn judge(&self, answers: &[Result<Vec<u8>, JitError>]) -> Result<(), Failure> {
        for (i, by) in self.labels.iter().enumerate() {
            let actual = match answers.get(i) {
                Some(Ok(bytes)) => String::from_utf8_lossy(bytes).into_owned(),
                Some(Err(e)) => format!("error: {e}\n"),
                None => "error: no answer from the native code\n".to_string(),
            };
            if actual != self.expected {
                return Err(Failure::Mismatch {
                    by: by.clone(),
                    expected: self.expected.clone(),
                    actual,
                });
            }
        }
        Ok(())
    }
}

/// A case's index, its program and its result.
type Checked = (u64, Program, Result<(), Failure>);

/// The checker: rules and what to compare against.
pub struct Verifier {
    rules: std::sync::Arc<CompiledRules>,
    against: Against,
}

impl Verifier {
    /// A checker of lowerings by `rules`, comparing against kiln's own native code only
    /// ([`Against::Kiln`]).
    pub fn new(rules: std::sync::Arc<CompiledRules>) -> Self {
        Verifier {
            rules,
            against: Against::Kiln,
        }
    }

    /// The checker comparing against `against` instead.
    pub fn with_against(mut self, against: Against) -> Self {
        self.against = against;
        self
    }

    /// Checks one program with the arguments its seed gives.
    pub fn check(&self, p: &Program, seed: u64) -> Result<(), Failure> {
        self.prepare(p, seed)?.check_alone()
    }

    /// Checks programs with the arguments their seeds give, their native code compiled
    /// together (one LLVM engine for all, which costs much less than one each) and run in
    /// one child process; a result per program, each what [`Verifier::check`] gives.
    pub fn check_all(&self, cases: &[(Program, u64)]) -> Vec<Result<(), Failure>> {
        let prepared: Vec<Result<Case, Failure>> =
            cases.iter().map(|(p, s)| self.prepare(p, *s)).collect();
        let runs: Vec<(JitProgram, u8)> = prepared
            .iter()
            .flatten()
            .flat_map(|c| c.runs.iter().cloned())
            .collect();
        // A program LLVM cannot compile fails the engine of all: then each is compiled
        // alone, so the failure is the program's own.
        let jit = match prepared.iter().flatten().count() {
            0 | 1 => None,
            _ => Jit::compile_programs(runs, DEFAULT_STACK).ok(),
        };
        let Some(jit) = jit else {
            return prepared
                .into_iter()
                .map(|case| case?.check_alone())
                .collect();
        };
        let mut jobs = Vec::new();
        for case in prepared.iter().flatten() {
            let first = jobs.len();
            jobs.extend(case.jobs(first));
        }
        let answers = jit.run_isolated(NATIVE_TIMEOUT, jobs);
        let mut first = 0;
        prepared
            .into_iter()
            .map(|case| {
                let case = case?;
                let n = case.runs.len();
                let result = case.judge(answers.get(first..first + n).unwrap_or_default());
                first += n;
                result
            })
            .collect()
    }

    /// Everything of a case but its native runs: the round trips, the interpreter's
    /// results, the lowering (twice), and the programs to compile.
    fn prepare(&self, p: &Program, seed: u64) -> Result<Case, Failure> {
        let text = p.text();
        let entry = format!("f{}", p.funcs.len().saturating_sub(1));
        let db = Database::new();
        let (file, diags) = check_source(&db, "case.mlir", &text);
        if let Some(d) = diags.iter().find(|d| d.is_error()) {
            return Err(Failure::Generator(format!("{}\n{text}", d.message)));
        }
        // The printed text reads back to the same IR, and prints the same.
        let printed = kiln_driver::format_file(&db, file);
        let db2 = Database::new();
        let (file2, diags2) = check_source(&db2, "printed.mlir", &printed);
        if diags2.iter().any(|d| d.is_error()) {
            return Err(Failure::RoundTrip(format!(
                "kiln fmt's output does not check:\n{printed}"
            )));
        }
        if kiln_driver::format_file(&db2, file2) != printed {
            return Err(Failure::RoundTrip(
                "printing the printed program changes it".to_string(),
            ));
        }
        let module = kiln_engine::module_ir(&db, file);
        let Some(f) = module.functions.iter().find(|f| f.name == entry) else {
            return Err(Failure::Generator("no entry function".to_string()));
        };
        let args = program::arguments(p.entry_params(), seed);
        let fresh = || {
            program::parse_arguments(&f.ty, &args)
                .map_err(|e| Failure::Generator(format!("arguments: {e}")))
        };
        // Generated programs are valid and defined, so any trap is the generator's fault.
        let expected = Interpreter::new(module)
            .call(&entry, &mut fresh()?)
            .map_err(|t| Failure::Generator(t.to_string()))?
            .text();
        let lowered = kiln_driver::lower_program(&db, file, &self.rules).map_err(|errs| {
            Failure::Lowering(
                errs.iter()
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()
                    .join("; "),
            )
        })?;
        let again = kiln_driver::lower_program(&db, file, &self.rules)
            .map_err(|_| Failure::RoundTrip("lowering twice fails".to_string()))?;
        let render =
            |l: &[kiln_driver::Lowered]| l.iter().map(|f| f.to_string()).collect::<String>();
        if render(&lowered) != render(&again) {
            return Err(Failure::RoundTrip(
                "lowering twice gives different output".to_string(),
            ));
        }
        let mut labels = vec!["kiln -O0".to_string(), "kiln -O2".to_string()];
        let mut runs = vec![
            (
                kiln_driver::globals::jit_program(&db, file, lowered.clone()),
                0,
            ),
            (kiln_driver::globals::jit_program(&db, file, lowered), 2),
        ];
        if self.against == Against::KilnAndMlir {
            let ir = crate::reference::mlir_llvm_ir(&printed).map_err(Failure::Lowering)?;
            labels.push("MLIR 19".to_string());
            runs.push((JitProgram::LlvmIr(ir), 0));
        }
        Ok(Case {
            entry,
            ty: f.ty.clone(),
            args,
            expected,
            labels,
            runs,
        })
    }

    /// Shrinks a failing program while it keeps failing (not counting generator failures,
    /// which would hide the original problem), at most `budget` checks.
    pub fn shrink(
        &self,
        mut p: Program,
        seed: u64,
        mut failure: Failure,
        budget: usize,
    ) -> (Program, Failure) {
        let mut left = budget;
        'outer: while left > 0 {
            for cand in p.shrink() {
                if left == 0 {
                    break 'outer;
                }
                left -= 1;
                match self.check(&cand, seed) {
                    Err(f) if !matches!(f, Failure::Generator(_)) => {
                        p = cand;
                        failure = f;
                        continue 'outer;
                    }
                    _ => {}
                }
            }
            break;
        }
        (p, failure)
    }

    /// Runs `cases` cases from `seed` (case `i` uses seed `seed + i`); `progress` is called
    /// after each with the number of cases done. Returns the number of cases, or the first
    /// counterexample, shrunk.
    pub fn run(
        &self,
        cases: u64,
        seed: u64,
        size: Size,
        progress: impl FnMut(u64),
    ) -> Result<u64, Box<Counterexample>> {
        self.run_shard(cases, Shard::WHOLE, seed, size, progress)
    }

    /// [`Verifier::run`] of the cases of `shard` alone ([`Shard::cases`]): the shards of a
    /// campaign run apart check exactly the cases of the whole campaign.
    pub fn run_shard(
        &self,
        cases: u64,
        shard: Shard,
        seed: u64,
        size: Size,
        progress: impl FnMut(u64),
    ) -> Result<u64, Box<Counterexample>> {
        let campaign = self.run_cases(shard.cases(cases), seed, size, false, progress);
        match campaign.found.into_iter().next() {
            Some(found) => Err(self.counterexample(found)),
            None => Ok(campaign.cases),
        }
    }

    /// Runs the cases of indices `range` of a campaign from `seed`; `progress` is called
    /// after each with the number of cases done. Stops at the first failing case unless
    /// `keep_going`, which runs them all and returns every failing case (unshrunk).
    ///
    /// Cases are independent, so they run in parallel on rayon's threads, a few groups per
    /// thread at a time, each group's native code compiled together
    /// ([`Verifier::check_all`]); results are read in seed order, so the failing case
    /// reported first is the one of the lowest failing seed however the threads are
    /// scheduled.
    pub fn run_cases(
        &self,
        range: std::ops::Range<u64>,
        seed: u64,
        size: Size,
        keep_going: bool,
        mut progress: impl FnMut(u64),
    ) -> Campaign {
        use rayon::prelude::*;
        let batch = (rayon::current_num_threads() as u64 * 4 * GROUP).max(1);
        let mut campaign = Campaign::default();
        let mut start = range.start;
        while start < range.end {
            let end = range.end.min(start.saturating_add(batch));
            let groups: Vec<Vec<Checked>> = (start..end)
                .step_by(GROUP as usize)
                .collect::<Vec<u64>>()
                .into_par_iter()
                .map(|from| {
                    let to = end.min(from + GROUP);
                    let programs: Vec<(Program, u64)> = (from..to)
                        .map(|i| {
                            let s = seed.wrapping_add(i);
                            (Program::generate(s, size), s)
                        })
                        .collect();
                    let results = self.check_all(&programs);
                    (from..to)
                        .zip(programs)
                        .zip(results)
                        .map(|((i, (p, _)), r)| (i, p, r))
                        .collect()
                })
                .collect();
            for (i, program, result) in groups.into_iter().flatten() {
                campaign.cases += 1;
                let s = seed.wrapping_add(i);
                // A case fails only if it fails alone, as `--seed S --cases 1` checks it:
                // the programs of a group run in one child process, where a program that
                // stores out of bounds can corrupt what the next one computes, so that a
                // verdict would depend on the neighbours a case happened to have.
                if let Err(failure) = result.or_else(|_| self.check(&program, s)) {
                    campaign.found.push(Found {
                        seed: s,
                        program,
                        failure,
                    });
                    if !keep_going {
                        return campaign;
                    }
                }
                progress(campaign.cases);
            }
            start = end;
        }
        campaign
    }

    /// Shrinks a failing case and ranks the rules that fired on it.
    pub fn counterexample(&self, found: Found) -> Box<Counterexample> {
        let Found {
            seed: s,
            program: p,
            failure: f,
        } = found;
        let (p, failure) = if matches!(f, Failure::Generator(_)) {
            (p, f)
        } else {
            self.shrink(p, s, f, 2_000)
        };
        let blame = if matches!(failure, Failure::Generator(_)) {
            Vec::new()
        } else {
            blame::blame(self, &p, s, &failure, BLAME_BUDGET)
        };
        Box::new(Counterexample {
            seed: s,
            entry: format!("f{}", p.funcs.len().saturating_sub(1)),
            args: program::arguments(p.entry_params(), s),
            program: p.text(),
            statements: p.len(),
            failure,
            blame,
        })
    }
}
