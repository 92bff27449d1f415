//! Names the shared library `libkiln.so.MAJOR` (its soname), so that a host linked against
//! one API version keeps loading a compatible one after an upgrade.

fn main() {
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let minor = env!("CARGO_PKG_VERSION_MINOR");
    // While the major version is 0, the minor version is the compatibility line.
    let line = if major == "0" {
        format!("0.{minor}")
    } else {
        major.to_string()
    };
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libkiln.so.{line}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
