//! A function's ABI from its source: the reflection attribute (`iree.abi = "JSON"` or
//! `iree.reflection = {d = "JSON"}`) or the record its signature derives, and the `sip`
//! attributes (`abi = "sip"`, `abiv = 1`, `sip = "I...R..."`), each validated against the
//! raw signature with diagnostics located at the attribute.

use super::record::Record;
use super::sip;
use kiln_engine::HeaderRef;
use kiln_frontend::ast::{self, AttrValue};
use kiln_frontend::span::{Span, Spanned};
use kiln_frontend::types::FunctionType;
use kiln_frontend::Diagnostic;

/// What kiln knows of one function's calling convention.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionAbi {
    /// The function's name, without `@`.
    pub name: String,
    /// Public and defined: the function is exported and carries its record.
    pub exported: bool,
    /// The raw signature.
    pub ty: FunctionType,
    /// The reflection record: given by an attribute (`given`) or derived.
    pub record: Record,
    /// Whether [`FunctionAbi::record`] comes from an attribute (`iree.abi` or
    /// `iree.reflection`) rather than from the signature.
    pub given: bool,
    /// The `sip` signature, for `abi = "sip"` functions.
    pub sip: Option<sip::Signature>,
    /// Problems with the attributes, relative to the function's text (as its AST).
    pub diagnostics: Vec<Diagnostic>,
}

/// A string attribute's contents: the bytes after MLIR's escapes (`\"`, `\\`, `\n`, `\t`,
/// `\XX`) and, for each byte, its offset in the source.
fn unescape(raw: &str, start: usize) -> Result<(String, Vec<usize>), (usize, String)> {
    let b = raw.as_bytes();
    let mut out = Vec::new();
    let mut map = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let at = start + i;
        if b[i] != b'\\' {
            out.push(b[i]);
            map.push(at);
            i += 1;
            continue;
        }
        let hex = |c: u8| (c as char).to_digit(16);
        match b.get(i + 1) {
            Some(b'"') | Some(b'\\') => {
                out.push(b[i + 1]);
                i += 2;
            }
            Some(b'n') => {
                out.push(b'\n');
                i += 2;
            }
            Some(b't') => {
                out.push(b'\t');
                i += 2;
            }
            Some(&c1) if hex(c1).is_some() && b.get(i + 2).and_then(|c| hex(*c)).is_some() => {
                let v = hex(c1).unwrap_or(0) * 16 + b.get(i + 2).and_then(|c| hex(*c)).unwrap_or(0);
                out.push(v as u8);
                i += 3;
            }
            _ => {
                return Err((
                    at,
                    "unknown escape in a string (MLIR knows \\\" \\\\ \\n \\t \\XX)".to_string(),
                ))
            }
        }
        map.push(at);
    }
    map.push(start + b.len());
    match String::from_utf8(out) {
        Ok(s) => Ok((s, map)),
        Err(e) => {
            let bad = e.utf8_error().valid_up_to();
            Err((
                map.get(bad).copied().unwrap_or(start),
                "the string is not UTF-8 text".to_string(),
            ))
        }
    }
}

/// The text of a string attribute value and the source offset of each of its bytes, or a
/// diagnostic at the value.
fn string_value(
    v: &Spanned<AttrValue>,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<(String, Vec<usize>)> {
    match &v.node {
        AttrValue::Str(raw) => match unescape(raw, v.span.start as usize + 1) {
            Ok(x) => Some(x),
            Err((at, m)) => {
                diags.push(Diagnostic::error("abi.attribute", Span::new(at, at + 1), m));
                None
            }
        },
        _ => {
            diags.push(Diagnostic::error(
                "abi.attribute",
                v.span,
                format!("{what} must be a string"),
            ));
            None
        }
    }
}

/// Where byte `i` of a string attribute's contents was written.
fn at(map: &[usize], i: usize) -> Span {
    let s = map.get(i).or(map.last()).copied().unwrap_or(0);
    Span::new(s, s + 1)
}

fn find<'a>(attrs: &'a [ast::Attr], key: &str) -> Option<&'a ast::Attr> {
    attrs
        .iter()
        .find(|a| a.key.node == key || a.key.node == format!("\"{key}\""))
}

/// Reads and validates the ABI attributes of a function, from its header
/// ([`kiln_engine::Header`], borrowed: the attributes and their places, and the raw
/// signature).
pub fn function_abi(f: HeaderRef<'_>) -> FunctionAbi {
    let mut diags = Vec::new();
    let mut record = None;
    let exported = f.public && !f.declaration;

    // Reflection: `iree.abi = "..."` or `iree.reflection = {d = "..."}`.
    let abi_attr = find(f.attrs, "iree.abi");
    let refl_attr = find(f.attrs, "iree.reflection");
    if let (Some(_), Some(b)) = (abi_attr, refl_attr) {
        diags.push(Diagnostic::error(
            "abi.attribute",
            b.key.span,
            "a function has one reflection record: `iree.abi` or `iree.reflection`, not both",
        ));
    }
    let json = match (abi_attr, refl_attr) {
        (Some(a), _) => match &a.value {
            Some(v) => Some(v),
            None => {
                diags.push(Diagnostic::error(
                    "abi.attribute",
                    a.key.span,
                    "`iree.abi` needs a value: the record as a JSON string",
                ));
                None
            }
        },
        (None, Some(a)) => match a.value.as_ref().map(|v| &v.node) {
            Some(AttrValue::Dict(entries)) => {
                match find(entries, "d").and_then(|d| d.value.as_ref()) {
                    Some(v) => Some(v),
                    None => {
                        diags.push(Diagnostic::error("abi.attribute", a.key.span, "`iree.reflection` needs a `d` entry holding the record as a JSON string"));
                        None
                    }
                }
            }
            _ => {
                diags.push(Diagnostic::error(
                    "abi.attribute",
                    a.key.span,
                    "`iree.reflection` is a dictionary `{d = \"JSON\"}`",
                ));
                None
            }
        },
        (None, None) => None,
    };
    let mut given = false;
    if let Some(v) = json {
        given = true;
        if let Some((text, map)) = string_value(v, "the reflection record", &mut diags) {
            match Record::parse_json(&text) {
                Ok(r) => {
                    for m in r.check(f.ty) {
                        diags.push(Diagnostic::error(
                            "abi.reflection",
                            v.span,
                            format!("reflection: {m}"),
                        ));
                    }
                    record = Some(r);
                }
                Err(errs) => {
                    for e in errs {
                        let span = e.offset.map_or(v.span, |o| at(&map, o));
                        let d = if e.warning {
                            Diagnostic::warning("abi.reflection", span, format!("reflection: {e}"))
                        } else {
                            Diagnostic::error("abi.reflection", span, format!("reflection: {e}"))
                        };
                        diags.push(d);
                    }
                }
            }
        }
    }

    // `abi = "sip"`, `abiv = 1`, `sip = "..."`.
    let mut signature = None;
    let abi = find(f.attrs, "abi");
    let sip_attr = find(f.attrs, "sip");
    let abiv = find(f.attrs, "abiv");
    let is_sip = match abi {
        Some(a) => match a.value.as_ref() {
            Some(v) => match &v.node {
                AttrValue::Str(s) if s == "sip" => true,
                AttrValue::Str(s) => {
                    diags.push(Diagnostic::error(
                        "abi.attribute",
                        v.span,
                        format!("unknown abi `{s}` (kiln knows \"sip\")"),
                    ));
                    false
                }
                _ => {
                    diags.push(Diagnostic::error(
                        "abi.attribute",
                        v.span,
                        "`abi` names the calling convention as a string: `abi = \"sip\"`",
                    ));
                    false
                }
            },
            None => {
                diags.push(Diagnostic::error(
                    "abi.attribute",
                    a.key.span,
                    "`abi` needs a value: `abi = \"sip\"`",
                ));
                false
            }
        },
        None => false,
    };
    if is_sip {
        match abiv.and_then(|a| a.value.as_ref().map(|v| (a, v))) {
            Some((_, v)) => match &v.node {
                AttrValue::Int(n, _) if n == "1" => {}
                _ => diags.push(Diagnostic::error(
                    "abi.attribute",
                    v.span,
                    "unsupported `abiv`: the sip ABI has version 1 (`abiv = 1`)",
                )),
            },
            None => diags.push(Diagnostic::error(
                "abi.attribute",
                abi.map_or(f.name_span, |a| a.key.span),
                "`abi = \"sip\"` needs `abiv = 1`",
            )),
        }
        match sip_attr.and_then(|a| a.value.as_ref()) {
            Some(v) => {
                if let Some((text, map)) = string_value(v, "`sip`", &mut diags) {
                    match sip::parse(&text) {
                        Ok(s) => {
                            for m in s.check(f.ty.inputs.len(), f.ty.results.len()) {
                                diags.push(Diagnostic::error(
                                    "abi.sip",
                                    v.span,
                                    format!("sip: {m}"),
                                ));
                            }
                            signature = Some(s);
                        }
                        Err(e) => diags.push(Diagnostic::error(
                            "abi.sip",
                            at(&map, e.offset),
                            format!(
                                "sip: malformed signature at byte {}: {}",
                                e.offset, e.message
                            ),
                        )),
                    }
                }
            }
            None => diags.push(Diagnostic::error(
                "abi.attribute",
                abi.map_or(f.name_span, |a| a.key.span),
                "`abi = \"sip\"` needs the signature: `sip = \"I...R...\"`",
            )),
        }
    } else {
        for (a, what) in [(sip_attr, "sip"), (abiv, "abiv")] {
            if let (Some(a), None) = (a, abi) {
                diags.push(Diagnostic::error(
                    "abi.attribute",
                    a.key.span,
                    format!("`{what}` belongs to the sip ABI: add `abi = \"sip\"`"),
                ));
            }
        }
    }
    FunctionAbi {
        name: f.name.to_string(),
        exported,
        ty: f.ty.clone(),
        record: record.unwrap_or_else(|| Record::derive(f.ty)),
        given,
        sip: signature,
        diagnostics: diags,
    }
}
