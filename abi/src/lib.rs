//! Function-signature ABIs (IREE's, see `docs/book/src/reference/abi.md`): the V1
//! reflection record of each function ([`record`]), the Structured Index Path signature
//! ([`sip`]), both read from function attributes and validated against the raw signature
//! ([`source`]), the binding of a JSON value to a function's raw arguments and of its
//! results back into the structure ([`bind`]), and the data symbols that carry each
//! exported function's record in objects (`__kiln_abi_<name>`).
//!
//! ```
//! use kiln_abi as abi;
//! use kiln_engine::{check_file, Database, SourceFile};
//! let db = Database::new();
//! let text = "func.func @f(%x: i32) -> i32 attributes {iree.abi = \"{\\\"a\\\": [[\\\"named\\\", \\\"x\\\", \\\"i32\\\"]], \\\"r\\\": [\\\"i32\\\"], \\\"v\\\": 1}\"} {\n  func.return %x : i32\n}\n";
//! let file = SourceFile::new(&db, "f.mlir".into(), text.into(), None);
//! assert!(check_file(&db, file).is_empty());
//! assert!(abi::check_file(&db, file).is_empty());
//! let fs = abi::file_abi(&db, file);
//! assert_eq!(fs[0].record.text("f"), "f(x: i32) -> i32");
//! ```

pub mod bind;
pub mod record;
pub mod run;
pub mod sip;
pub mod source;

pub use record::{Prim, Rec, Record};
pub use source::FunctionAbi;

use kiln_engine::{FunctionItem, SourceFile};
use kiln_frontend::Diagnostic;

/// One function's ABI, from its own text's header (spans relative to the function;
/// [`kiln_engine::header_of`]: an edit of the body leaves it valid); `None` when the
/// function did not parse or build.
#[salsa::tracked(returns(ref))]
pub fn function_abi<'db>(
    db: &'db dyn salsa::Database,
    item: FunctionItem<'db>,
) -> Option<FunctionAbi> {
    Some(source::function_abi(kiln_engine::header_of(db, item)?))
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
    use kiln_engine::{function_groups, locate_found};
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
                &group_abis(db, *group).diagnostics,
                &mut out,
            );
        }
    }
    kiln_frontend::sort_diagnostics(&mut out);
    out
}

/// The ABIs of a group of functions, made from each function's header (after an edit, a
/// file's other groups keep theirs at a glance: `kiln_engine::FunctionGroup`).
/// Not read through [`function_abi`]: after an edit that adds, removes or renames a
/// function salsa checks every memo of the file once, and a memo per function more was a
/// tenth of that.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GroupAbis {
    /// The diagnostics of each function that has some (relative to its text), by its place
    /// in the group.
    pub diagnostics: Vec<(u32, Vec<Diagnostic>)>,
    /// The reflection symbols of the group's exported functions, in order, as
    /// [`symbols_ir`] writes them, made into a piece of code ([`symbols_code`]): the file's
    /// symbols are the groups' pieces ([`file_symbols_code`]), so a new list of groups (the
    /// first edit of a function makes its group anew) neither formats a record again nor
    /// hashes any other group's text again.
    pub symbols: Option<kiln_backend::FunctionCode>,
}

/// See [`GroupAbis`].
#[salsa::tracked(returns(ref))]
pub fn group_abis<'db>(
    db: &'db dyn salsa::Database,
    group: kiln_engine::FunctionGroup<'db>,
) -> GroupAbis {
    let mut out = GroupAbis::default();
    let mut exported = Vec::new();
    for (i, item) in group.items(db).iter().enumerate() {
        let Some(header) = kiln_engine::header_of(db, *item) else {
            continue;
        };
        let mut abi = source::function_abi(header);
        if !abi.diagnostics.is_empty() {
            out.diagnostics
                .push((i as u32, std::mem::take(&mut abi.diagnostics)));
        }
        if abi.exported {
            exported.push(abi);
        }
    }
    let first = group
        .items(db)
        .first()
        .map_or("", |item| item.name(db).as_str());
    out.symbols = symbols_code(first, symbols_ir(&exported));
    out
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
    let mut s = String::with_capacity(bytes.len());
    kiln_frontend::printer::push_escaped(&mut s, bytes);
    s
}

/// The LLVM IR of the reflection symbols of the exported functions, as LLVM prints global
/// constants: `@__kiln_abi_f = constant [N x i8] c"{...}\00"`, one line each, in order.
pub fn symbols_ir(functions: &[FunctionAbi]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for f in functions.iter().filter(|f| f.exported) {
        let mut bytes = json_line(f).into_bytes();
        bytes.push(0);
        let _ = write!(
            out,
            "{} = constant [{} x i8] c\"",
            llvm_name(&format!("{SYMBOL_PREFIX}{}", f.name)),
            bytes.len()
        );
        kiln_frontend::printer::push_escaped(&mut out, &bytes);
        out.push_str("\"\n");
    }
    out
}

/// Reflection symbols (`text`, as [`symbols_ir`] writes them) as a piece of code for
/// [`kiln_backend::link`] (placed first, as LLVM prints globals before functions), named
/// after `first`, the first function of the run they belong to; `None` when none is
/// exported.
pub fn symbols_code(first: &str, text: String) -> Option<kiln_backend::FunctionCode> {
    (!text.is_empty()).then(|| kiln_backend::FunctionCode {
        definition: Some(kiln_backend::Entity::new(
            format!("{SYMBOL_PREFIX}symbols.{first}"),
            String::new(),
            text,
        )),
        declarations: Vec::new(),
        attributes: Vec::new(),
        metadata: Default::default(),
    })
}

/// The reflection symbols of a file's exported functions as pieces of code
/// ([`symbols_code`]), memoized: an edit that leaves every function's ABI as it was reuses
/// them without formatting a record again. In a file a session split, one piece per group
/// of functions (`function_groups`, cut by the functions' names), each named after its
/// group's first function: the object's units are cut by the pieces' names
/// (`kiln_backend::object::units`), so adding a function compiles the unit of its group's symbols
/// again, not every function's symbol (a quarter of the cost of adding a function to a
/// module of 10,000, when they were one piece). Their texts, joined, are the one piece's;
/// a module's printed text has a blank line between two of them.
#[salsa::tracked(returns(ref))]
pub fn file_symbols_code(
    db: &dyn salsa::Database,
    file: SourceFile,
) -> Vec<kiln_backend::FunctionCode> {
    let groups = kiln_engine::function_groups(db, file);
    if groups.is_empty() {
        let functions: Vec<FunctionAbi> = kiln_engine::functions(db, file)
            .iter()
            .filter_map(|item| function_abi(db, *item).as_ref())
            .filter(|a| a.exported)
            .cloned()
            .collect();
        return symbols_code("", symbols_ir(&functions))
            .into_iter()
            .collect();
    }
    groups
        .iter()
        .filter_map(|g| group_abis(db, *g).symbols.clone())
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
            // A function with attributes of its own (`passthrough`) takes one more.
            (Some(f), Some(head)) if head.contains(" attributes {") && head.ends_with('}') => {
                out.push_str(&format!(
                    "{}, kiln.abi = \"{}\"}} {{\n",
                    &head[..head.len() - 1],
                    mlir_escape(&json_line(f))
                ));
            }
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
