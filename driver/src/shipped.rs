//! The rule files shipped with kiln, embedded in the binary so an installed `kiln` lowers
//! without a `rules/` directory beside it; `--rules DIR` replaces them.

use kiln_engine::RuleSource;
use std::path::Path;

/// Every file of `rules/` (a test checks this list against the directory).
pub const SHIPPED: &[(&str, &str)] = &[
    ("arith.rules", include_str!("../../rules/arith.rules")),
    ("bare_ptr.rules", include_str!("../../rules/bare_ptr.rules")),
    (
        "c_interface.rules",
        include_str!("../../rules/c_interface.rules"),
    ),
    ("cf.rules", include_str!("../../rules/cf.rules")),
    ("func.rules", include_str!("../../rules/func.rules")),
    ("index.rules", include_str!("../../rules/index.rules")),
    (
        "linearize.rules",
        include_str!("../../rules/linearize.rules"),
    ),
    ("llvm.rules", include_str!("../../rules/llvm.rules")),
    ("math.rules", include_str!("../../rules/math.rules")),
    (
        "memref_args.rules",
        include_str!("../../rules/memref_args.rules"),
    ),
    (
        "memref_descriptor.rules",
        include_str!("../../rules/memref_descriptor.rules"),
    ),
    ("phases.rules", include_str!("../../rules/phases.rules")),
    (
        "result_packing.rules",
        include_str!("../../rules/result_packing.rules"),
    ),
    ("source.rules", include_str!("../../rules/source.rules")),
    (
        "successor_dedup.rules",
        include_str!("../../rules/successor_dedup.rules"),
    ),
    ("types.rules", include_str!("../../rules/types.rules")),
    ("ub.rules", include_str!("../../rules/ub.rules")),
    ("unranked.rules", include_str!("../../rules/unranked.rules")),
];

/// The shipped rule files, named `<builtin>/NAME` in messages.
pub fn shipped_rules() -> Vec<RuleSource> {
    SHIPPED
        .iter()
        .map(|(name, text)| RuleSource {
            path: format!("<builtin>/{name}"),
            text: text.to_string(),
        })
        .collect()
}

/// Every `*.rules` file of `dir`, sorted by file name.
pub fn read_rule_dir(dir: &Path) -> std::io::Result<Vec<RuleSource>> {
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "rules") && path.is_file() {
            paths.push(path);
        }
    }
    paths.sort();
    if paths.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("no `*.rules` files in `{}`", dir.display()),
        ));
    }
    paths
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p)?;
            let text = String::from_utf8(bytes).map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("`{}` is not UTF-8 text", p.display()),
                )
            })?;
            Ok(RuleSource {
                path: p.display().to_string(),
                text,
            })
        })
        .collect()
}
