fn main() {
    // The grammars' directories too, so that a new grammar file is processed.
    println!("cargo:rerun-if-changed=src");
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .emit_rerun_directives(true)
        .process()
        .expect("lalrpop grammar failed to build");
}
