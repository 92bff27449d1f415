//! The table of the operations kiln accepts, in README.md and in the book's language
//! reference, is `ops::language_table()`, generated from the op tables, so neither can drift
//! (`KILN_BLESS=1` rewrites both).

const BEGIN: &str = "<!-- language table: generated from frontend/src/ops.rs -->\n";
const END: &str = "<!-- end of language table -->";

/// Replaces the generated section of `path` with `table`, or fails when it differs.
fn check_generated_table(relative: &str, table: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{relative}: {e}"));
    let (Some(start), Some(end)) = (text.find(BEGIN), text.find(END)) else {
        panic!("{relative} has no `{}` … `{END}` section", BEGIN.trim());
    };
    let shown = &text[start + BEGIN.len()..end];
    if shown != table {
        if std::env::var_os("KILN_BLESS").is_some() {
            let updated = format!("{}{table}{}", &text[..start + BEGIN.len()], &text[end..]);
            std::fs::write(&path, updated).unwrap_or_else(|e| panic!("{relative}: {e}"));
            return;
        }
        panic!("{relative}'s language table is out of date (KILN_BLESS=1 rewrites it):\n{table}");
    }
}

#[test]
fn the_readme_shows_the_generated_language_table() {
    check_generated_table("../README.md", &kiln_frontend::ops::language_table());
}

#[test]
fn the_book_shows_the_generated_language_table() {
    check_generated_table(
        "../docs/book/src/reference/language.md",
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
