//! libFuzzer target `rules`: one input through `kiln::fuzz::execute(Target::Rules, ..)`.
#![no_main]

use kiln::fuzz::{execute, Target};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(finding) = execute(Target::Rules, data, false) {
        panic!("{finding}");
    }
});
