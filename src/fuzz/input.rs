//! One execution of a target on one input, for coverage-guided fuzzers (libFuzzer through
//! `fuzz/`, see FUZZING.md). [`execute`] runs the same oracle as the behaviour-guided loop in
//! [`super`], except where a target there starts a process: `run-args` parses the argument
//! in-process here (a process per execution would hide kiln's code from the coverage
//! instrumentation), and `lowering` takes its seed and size from the input's bytes.
//!
//! The state a target needs (the shipped rule files, the compiled rules) is built once per
//! process and shared by every execution.

use super::{exec_frontend, exec_lowering, exec_rules, exec_serve, Outcome, Report, Target};
use crate::{CompiledRules, RuleSource};
use kiln_frontend::types::{Layout, MemRefType, Scalar, Type};
use std::sync::{Arc, OnceLock};

fn shipped() -> &'static [RuleSource] {
    static RULES: OnceLock<Vec<RuleSource>> = OnceLock::new();
    RULES.get_or_init(crate::shipped::shipped_rules)
}

fn compiled() -> &'static Arc<CompiledRules> {
    static COMPILED: OnceLock<Arc<CompiledRules>> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let loaded = crate::load_rules(shipped().to_vec());
        Arc::new(CompiledRules::new(Arc::new(loaded.rules)))
    })
}

/// The parameter types the in-process `run-args` target parses arguments for: every scalar,
/// static, dynamic, strided, 0-d and unranked memrefs. The input's first byte picks one.
fn param_types() -> Vec<Type> {
    let mut types: Vec<Type> = Scalar::ALL.iter().map(|s| Type::Scalar(*s)).collect();
    let memref = |shape: Vec<Option<i64>>, elem, layout| {
        Type::MemRef(Arc::new(MemRefType {
            shape,
            elem,
            layout,
        }))
    };
    types.push(memref(
        vec![Some(2), Some(3)],
        Scalar::F32,
        Layout::Identity,
    ));
    types.push(memref(vec![None], Scalar::I64, Layout::Identity));
    types.push(memref(vec![], Scalar::F64, Layout::Identity));
    types.push(memref(vec![None, None], Scalar::I32, Layout::Identity));
    types.push(memref(
        vec![None, None],
        Scalar::I8,
        Layout::Strided {
            strides: vec![None, None],
            offset: None,
        },
    ));
    types.push(memref(
        vec![Some(4)],
        Scalar::I16,
        Layout::Strided {
            strides: vec![Some(2)],
            offset: Some(1),
        },
    ));
    types.push(Type::UnrankedMemRef(Scalar::F32));
    types.push(Type::UnrankedMemRef(Scalar::Index));
    types
}

/// `kiln run`'s argument parsing in-process: the first byte picks a parameter type, the rest
/// is the argument's text. Parsing must end in a value or an error message, never a panic
/// (debug assertions make every unchecked overflow one); an accepted memref's view lies in
/// its buffer.
fn exec_run_value(input: &[u8]) -> Outcome {
    let types = param_types();
    let Some((first, rest)) = input.split_first() else {
        return Ok(String::new());
    };
    let ty = &types[*first as usize % types.len()];
    let text = String::from_utf8_lossy(rest);
    match crate::run::parse_arg(ty, &text) {
        Ok(crate::run::Arg::Scalar(_)) => Ok("scalar".to_string()),
        Ok(crate::run::Arg::MemRef(m)) => {
            // Reading every element through the view is what a call's printing does; it
            // must stay inside the buffer the parser allocated.
            let _ = m.elements();
            Ok("memref".to_string())
        }
        Err(e) => Ok(e.chars().filter(|c| !c.is_ascii_digit()).take(30).collect()),
    }
}

/// The lowering target's seed and size from the input's bytes (8 bytes of seed, one of size).
fn lowering_seed(input: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    for (b, i) in bytes.iter_mut().zip(input) {
        *b = *i;
    }
    u64::from_le_bytes(bytes)
}

/// A seed corpus for [`execute`]: the behaviour-guided fuzzer's seeds, put in this entry's
/// input formats (a leading byte picking the rule file or the parameter type; a seed as
/// bytes for `lowering`).
pub fn seed_inputs(target: Target, root: &std::path::Path) -> Vec<Vec<u8>> {
    match target {
        Target::Frontend | Target::Serve => super::seeds(target, root),
        Target::Rules => shipped()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut v = vec![i as u8];
                v.extend_from_slice(r.text.as_bytes());
                v
            })
            .collect(),
        Target::RunArgs => {
            let samples = [
                "1",
                "-5",
                "2.5",
                "true",
                "f32[2,3]=1,2,3,4,5,6",
                "i64[3]=1,2,3",
                "f64[]=2.5",
                "i32[2,2]=1,2,3,4",
                "i8[2,2;strides=2,1;offset=0]=1,2,3,4",
                "i16[4;strides=2;offset=1]=1,2,3,4,5,6,7,8,9",
                "f32[2,2]=1,2,3,4",
                "index[2]=1,2",
            ];
            let types = param_types();
            let mut out = Vec::new();
            for i in 0..types.len() {
                for s in samples {
                    let mut v = vec![i as u8];
                    v.extend_from_slice(s.as_bytes());
                    out.push(v);
                }
            }
            out
        }
        Target::Lowering => (1u64..=16).map(|s| s.to_le_bytes().to_vec()).collect(),
    }
}

/// Runs `target` once on `input`. `Err` is a finding (its kind and message); the caller
/// decides what a finding does (libFuzzer's targets panic, so the input is kept as a crash).
/// `frontend` asks `mlir-opt-19` about fmt's output only when `mlir` is set.
pub fn execute(target: Target, input: &[u8], mlir: bool) -> Result<(), String> {
    let outcome = match target {
        Target::Frontend => exec_frontend(input, mlir, &mut Report::default()),
        Target::Rules => {
            // The first byte picks which shipped file the rest replaces.
            let base = shipped();
            match input.split_first() {
                Some((which, rest)) if !base.is_empty() => {
                    exec_rules(rest, base, *which as usize % base.len())
                }
                _ => Ok(String::new()),
            }
        }
        Target::Serve => exec_serve(input),
        Target::RunArgs => exec_run_value(input),
        Target::Lowering => exec_lowering(lowering_seed(input), compiled()),
    };
    outcome
        .map(|_| ())
        .map_err(|(kind, message)| format!("{kind}: {message}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_values_parse_or_explain() {
        assert!(execute(Target::RunArgs, b"\x04 -7", false).is_ok());
        // A view whose last element lies past `i64::MAX` is refused, not wrapped.
        let oob = b"\x0afoo";
        assert!(execute(Target::RunArgs, oob, false).is_ok());
        let types = param_types();
        let strided = types
            .iter()
            .position(|t| matches!(t, Type::MemRef(m) if m.elem == Scalar::I64))
            .unwrap_or(0) as u8;
        let mut input = vec![strided];
        input.extend_from_slice(b"i64[2;strides=9223372036854775807;offset=0]=1,2");
        assert!(execute(Target::RunArgs, &input, false).is_ok());
    }

    #[test]
    fn every_target_runs_on_an_empty_input() {
        for (_, t) in super::super::TARGETS {
            assert_eq!(execute(*t, b"", false), Ok(()), "{t:?}");
        }
    }
}
