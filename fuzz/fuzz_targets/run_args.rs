//! libFuzzer target `run_args`: one input through `kiln::fuzz::execute(Target::RunArgs, ..)`.
#![no_main]

use kiln::fuzz::{execute, Target};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(finding) = execute(Target::RunArgs, data, false) {
        panic!("{finding}");
    }
});
