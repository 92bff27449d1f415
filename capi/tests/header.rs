//! The checked-in header, `include/kiln/kiln.h`, is what cbindgen generates from the
//! sources, so C hosts see exactly the API the library exports. `KILN_BLESS=1` writes it.

use std::path::Path;

#[test]
fn header_is_generated_from_the_sources() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("capi/cbindgen.toml: {e}"));
    let mut builder = cbindgen::Builder::new().with_config(config);
    let mut sources: Vec<_> = std::fs::read_dir(root.join("src"))
        .expect("capi/src")
        .map(|e| e.expect("capi/src entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    sources.sort();
    for source in sources {
        builder = builder.with_src(source);
    }
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
