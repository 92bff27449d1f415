//! README.md's table of the operations kiln accepts is `ops::language_table()`, generated from
//! the op tables, so the two cannot drift (`KILN_BLESS=1` rewrites the README's table).

const BEGIN: &str = "<!-- language table: generated from frontend/src/ops.rs -->\n";
const END: &str = "<!-- end of language table -->";

#[test]
fn the_readme_shows_the_generated_language_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let table = kiln_frontend::ops::language_table();
    let (Some(start), Some(end)) = (readme.find(BEGIN), readme.find(END)) else {
        panic!("README.md has no `{}` … `{END}` section", BEGIN.trim());
    };
    let shown = &readme[start + BEGIN.len()..end];
    if shown != table {
        if std::env::var_os("KILN_BLESS").is_some() {
            let updated = format!(
                "{}{table}{}",
                &readme[..start + BEGIN.len()],
                &readme[end..]
            );
            std::fs::write(&path, updated).expect("write README.md");
            return;
        }
        panic!("README.md's language table is out of date (KILN_BLESS=1 rewrites it):\n{table}");
    }
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
