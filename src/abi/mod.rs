//! Function-signature ABI (seeds 001 and 002): the V1 reflection record of each function
//! ([`record`]), the Structured Index Path signature ([`sip`]), both read from function
//! attributes and validated against the raw signature ([`source`]), the binding of a JSON
//! value to a function's raw arguments and of its results back into the structure
//! ([`bind`]), and the data symbols that carry each exported function's record in objects
//! (`__kiln_abi_<name>`, see `docs/abi.md`).
//!
//! ```
//! use kiln::abi;
//! let db = kiln::Database::new();
//! let text = "func.func @f(%x: i32) -> i32 attributes {iree.abi = \"{\\\"a\\\": [[\\\"named\\\", \\\"x\\\", \\\"i32\\\"]], \\\"r\\\": [\\\"i32\\\"], \\\"v\\\": 1}\"} {\n  func.return %x : i32\n}\n";
//! let (file, diags) = kiln::check_source(&db, "f.mlir", text);
//! assert!(diags.is_empty(), "{diags:?}");
//! let fs = abi::file_abi(&db, file);
//! assert_eq!(fs[0].record.text("f"), "f(x: i32) -> i32");
//! ```

pub mod bind;
pub mod record;
pub mod sip;
pub mod source;

pub use record::{Prim, Rec, Record};
pub use source::FunctionAbi;

use kiln_engine::{FunctionItem, SourceFile};
use kiln_frontend::Diagnostic;

/// One function's ABI, from its own text (spans relative to the function); `None` when the
/// function did not parse or build.
#[salsa::tracked(returns(ref))]
pub fn function_abi<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<FunctionAbi> {
    let f = kiln_engine::function_ir(db, item).function.as_ref()?;
    let parsed = kiln_engine::parsed_function(db, item)?;
    Some(source::function_abi(&parsed.signature, f))
}

/// Every function's ABI, in source order, with diagnostics in file coordinates.
pub fn file_abi(db: &dyn salsa::Database, file: SourceFile) -> Vec<FunctionAbi> {
    kiln_engine::functions(db, file)
        .iter()
        .filter_map(|item| {
            let delta = kiln_engine::item_offset(db, *item) as i64;
            function_abi(db, *item).as_ref().map(|a| {
                let mut a = a.clone();
                a.diagnostics = a.diagnostics.iter().map(|d| d.shifted(delta)).collect();
                a
            })
        })
        .collect()
}

/// The ABI diagnostics of a file (file coordinates, sorted).
pub fn check_file(db: &dyn salsa::Database, file: SourceFile) -> Vec<Diagnostic> {
    use kiln_engine::query::check::{function_groups, locate_found};
    let mut out = Vec::new();
    let groups = function_groups(db, file);
    if groups.is_empty() {
        let items = kiln_engine::functions(db, file);
        locate_found(db, items, &abi_diagnostics(db, items), &mut out);
    } else {
        for group in groups {
            locate_found(
                db,
                group.items(db),
                group_abi_diagnostics(db, *group),
                &mut out,
            );
        }
    }
    kiln_frontend::sort_diagnostics(&mut out);
    out
}

/// The ABI diagnostics of a group of functions (relative to each function's text, by its
/// place in the group): after an edit, a file's other groups keep theirs at a glance
/// (`kiln_engine::query::check::FunctionGroup`).
#[salsa::tracked(returns(ref))]
fn group_abi_diagnostics<'db>(
    db: &'db dyn salsa::Database,
    group: kiln_engine::query::check::FunctionGroup<'db>,
) -> Vec<(u32, Vec<Diagnostic>)> {
    abi_diagnostics(db, group.items(db))
}

/// The ABI diagnostics of some functions, by each function's place among them.
fn abi_diagnostics(
    db: &dyn salsa::Database,
    items: &[FunctionItem<'_>],
) -> Vec<(u32, Vec<Diagnostic>)> {
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let a = function_abi(db, *item).as_ref()?;
            (!a.diagnostics.is_empty()).then(|| (i as u32, a.diagnostics.clone()))
        })
        .collect()
}

/// The prefix of each exported function's reflection symbol.
pub const SYMBOL_PREFIX: &str = "__kiln_abi_";

/// What the reflection symbol of a function holds: its record as one JSON line,
/// `{"name":"f","a":[...],"r":[...],"v":1}`, plus `"abi":"sip","sip":"I...R..."` for sip
/// functions (the canonical mangling). `kiln abi --format json` prints the same line.
pub fn json_line(f: &FunctionAbi) -> String {
    let record = f.record.to_json();
    let mut line = format!("{{\"name\":{},{}", sip::json_string(&f.name), &record[1..]);
    if let Some(s) = &f.sip {
        line.pop();
        line.push_str(&format!(
            ",\"abi\":\"sip\",\"sip\":{}}}",
            sip::json_string(&s.canonical().mangle())
        ));
    }
    line
}

/// The human form: `f(x: i32) -> i32`, and for sip functions a second line with the
/// structure.
pub fn text_lines(f: &FunctionAbi) -> String {
    let mut s = f.record.text(&f.name);
    s.push('\n');
    if let Some(sig) = &f.sip {
        s.push_str(&format!(
            "  sip {}: {}\n",
            sig.canonical().mangle(),
            sig.text()
        ));
    }
    s
}

/// An LLVM IR name: bare when LLVM prints it bare, else quoted with escapes.
fn llvm_name(name: &str) -> String {
    let bare = name.bytes().next().is_some_and(|c| !c.is_ascii_digit())
        && name
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_'));
    if bare {
        format!("@{name}")
    } else {
        format!("@\"{}\"", llvm_escape(name.as_bytes()))
    }
}

/// LLVM's escaping in string constants and quoted names: printable ASCII but `"` and `\`
/// as is, anything else `\XX`.
fn llvm_escape(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\{b:02X}"));
        }
    }
    s
}

/// The LLVM IR of the reflection symbols of the exported functions, as LLVM prints global
/// constants: `@__kiln_abi_f = constant [N x i8] c"{...}\00"`, one line each, in order.
pub fn symbols_ir(functions: &[FunctionAbi]) -> String {
    let mut out = String::new();
    for f in functions.iter().filter(|f| f.exported) {
        let mut bytes = json_line(f).into_bytes();
        bytes.push(0);
        out.push_str(&format!(
            "{} = constant [{} x i8] c\"{}\"\n",
            llvm_name(&format!("{SYMBOL_PREFIX}{}", f.name)),
            bytes.len(),
            llvm_escape(&bytes)
        ));
    }
    out
}

/// The reflection symbols as a piece of code for [`kiln_backend::link`] (placed first, as
/// LLVM prints globals before functions); `None` when no function is exported.
pub fn symbols_code(functions: &[FunctionAbi]) -> Option<kiln_backend::FunctionCode> {
    let text = symbols_ir(functions);
    (!text.is_empty()).then(|| kiln_backend::FunctionCode {
        definition: Some(kiln_backend::Entity::new(
            format!("{SYMBOL_PREFIX}symbols"),
            String::new(),
            text,
        )),
        declarations: Vec::new(),
        attributes: Vec::new(),
    })
}

/// The reflection symbols of a file's exported functions as a piece of code
/// ([`symbols_code`]), memoized: an edit that leaves every function's ABI as it was reuses
/// it without formatting a record again. In a file a session split, read group by group
/// (after an edit, one memo per group of 64 functions instead of one per function).
#[salsa::tracked(returns(ref))]
pub fn file_symbols_code(
    db: &dyn salsa::Database,
    file: SourceFile,
) -> Option<kiln_backend::FunctionCode> {
    let groups = kiln_engine::query::check::function_groups(db, file);
    let functions: Vec<FunctionAbi> = if groups.is_empty() {
        exported_abis(db, kiln_engine::functions(db, file))
    } else {
        groups
            .iter()
            .flat_map(|g| group_exported_abis(db, *g))
            .cloned()
            .collect()
    };
    symbols_code(&functions)
}

/// The ABIs of the exported functions of a group, in order.
#[salsa::tracked(returns(ref))]
fn group_exported_abis<'db>(
    db: &'db dyn salsa::Database,
    group: kiln_engine::query::check::FunctionGroup<'db>,
) -> Vec<FunctionAbi> {
    exported_abis(db, group.items(db))
}

fn exported_abis(db: &dyn salsa::Database, items: &[FunctionItem<'_>]) -> Vec<FunctionAbi> {
    items
        .iter()
        .filter_map(|item| function_abi(db, *item).as_ref())
        .filter(|a| a.exported)
        .cloned()
        .collect()
}

/// MLIR's escaping in string attributes: printable ASCII but `"` and `\` as is, anything
/// else `\XX`.
fn mlir_escape(s: &str) -> String {
    llvm_escape(s.as_bytes())
}

/// `--emit mlir-llvm` text with each exported function's record kept as an attribute of
/// its `llvm.func`: `attributes {kiln.abi = "{\"name\":...}"}` (the symbol's JSON line).
pub fn annotate_mlir_llvm(text: &str, functions: &[FunctionAbi]) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let f = functions.iter().find(|f| {
            f.exported
                && (line.starts_with(&format!("  llvm.func @{}(", f.name))
                    || line.starts_with(&format!("  llvm.func @\"{}\"(", f.name)))
        });
        match (f, line.strip_suffix(" {\n")) {
            (Some(f), Some(head)) => {
                out.push_str(&format!(
                    "{head} attributes {{kiln.abi = \"{}\"}} {{\n",
                    mlir_escape(&json_line(f))
                ));
            }
            _ => out.push_str(line),
        }
    }
    out
}
