//! Text generated from the op tables (`frontend/src/ops.rs`) and kept in files people read:
//! the table of the operations kiln accepts, in README.md and in the book's language
//! reference (`ops::language_table()`), and the rule declarations of the table-driven
//! operations in `rules/` (`vocabulary`). Neither can drift from the tables: each test fails
//! when its section differs, and `KILN_BLESS=1` rewrites it.

const TABLE: (&str, &str) = (
    "<!-- language table: generated from frontend/src/ops.rs -->\n",
    "<!-- end of language table -->",
);
const RULES: (&str, &str) = (
    "; generated from frontend/src/ops.rs by frontend/src/vocabulary.rs (KILN_BLESS=1 rewrites it)\n",
    "; end of the generated section",
);

/// Replaces the section of `relative` between the `markers` with `generated`, under
/// `KILN_BLESS`, or fails when it differs.
fn check_generated(relative: &str, markers: (&str, &str), generated: &str) {
    let (begin, end_marker) = markers;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{relative}: {e}"));
    let (Some(start), Some(end)) = (text.find(begin), text.find(end_marker)) else {
        panic!(
            "{relative} has no `{}` … `{end_marker}` section",
            begin.trim()
        );
    };
    let shown = &text[start + begin.len()..end];
    if shown != generated {
        if std::env::var_os("KILN_BLESS").is_some() {
            let updated = format!(
                "{}{generated}{}",
                &text[..start + begin.len()],
                &text[end..]
            );
            std::fs::write(&path, updated).unwrap_or_else(|e| panic!("{relative}: {e}"));
            return;
        }
        panic!("{relative}'s generated section is out of date (KILN_BLESS=1 rewrites it):\n{generated}");
    }
}

#[test]
fn the_arith_rules_declare_the_generated_vocabulary() {
    check_generated(
        "../rules/source.rules",
        RULES,
        &kiln_frontend::vocabulary::arith_declarations(),
    );
}

#[test]
fn the_math_rules_declare_the_generated_vocabulary() {
    check_generated(
        "../rules/math.rules",
        RULES,
        &kiln_frontend::vocabulary::math_declarations(),
    );
}

#[test]
fn the_index_rules_declare_the_generated_vocabulary() {
    check_generated(
        "../rules/index.rules",
        RULES,
        &kiln_frontend::vocabulary::index_declarations(),
    );
}

#[test]
fn the_readme_shows_the_generated_language_table() {
    check_generated("../README.md", TABLE, &kiln_frontend::ops::language_table());
}

#[test]
fn the_book_shows_the_generated_language_table() {
    check_generated(
        "../docs/book/src/reference/language.md",
        TABLE,
        &kiln_frontend::ops::language_table(),
    );
}

#[test]
fn every_table_operation_is_listed_once() {
    let ops = kiln_frontend::ops::accepted();
    for w in ops.windows(2) {
        assert_ne!(w[0].0, w[1].0, "listed twice");
    }
    assert!(ops.iter().any(|(n, _)| *n == "math.sqrt"));
    assert!(ops.iter().any(|(n, _)| *n == "memref.reinterpret_cast"));
}
