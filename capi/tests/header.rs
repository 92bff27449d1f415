//! The checked-in header, `include/kiln/kiln.h`, is what cbindgen generates from the
//! sources, so C hosts see exactly the API the library exports. `KILN_BLESS=1` writes it.

use std::path::Path;

#[test]
fn header_is_generated_from_the_sources() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("capi/cbindgen.toml: {e}"));
    // The crate root alone: cbindgen follows its `mod` declarations, so giving it every
    // file as well declared each function of a module twice.
    let builder = cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"));
    let bindings = builder
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen: {e}"));
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("the header is UTF-8");
    let header = root.join("include/kiln/kiln.h");
    if std::env::var_os("KILN_BLESS").is_some() {
        std::fs::write(&header, &generated).expect("writing include/kiln/kiln.h");
        return;
    }
    let checked_in = std::fs::read_to_string(&header).unwrap_or_default();
    assert!(
        checked_in == generated,
        "capi/include/kiln/kiln.h is not what cbindgen generates from capi/src; \
         run `KILN_BLESS=1 cargo test -p kiln-capi --test header` and review the diff"
    );
}

/// Every function is declared once: a C compiler accepts a repeated identical prototype,
/// so nothing else would notice a header that declares the API twice over.
#[test]
fn header_declares_each_function_once() {
    let header =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/kiln/kiln.h"))
            .expect("capi/include/kiln/kiln.h");
    let mut seen = std::collections::BTreeSet::new();
    let mut functions = 0;
    for line in header
        .lines()
        .filter(|l| !l.starts_with([' ', '/', '#', '}']))
    {
        let Some(open) = line.find('(') else { continue };
        let name = line[..open]
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or_default();
        if name.starts_with("kiln_") {
            functions += 1;
            assert!(
                seen.insert(name.to_string()),
                "kiln.h declares `{name}` twice"
            );
        }
    }
    assert!(
        functions >= 30,
        "only {functions} functions found in kiln.h"
    );
}
