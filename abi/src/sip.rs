//! The Structured Index Path ABI (`abi = "sip"`, `abiv = 1`): a mangled signature that maps
//! a function's raw, linear inputs and results onto nested sequences (integer keys) and
//! dicts (string keys).
//!
//! ```text
//! signature        ::= 'I' length-prefixed(structured-value) 'R' length-prefixed(structured-value)
//! structured-value ::= '_' integer | 'S' length-prefixed(('k' integer structured-value)*)
//!                    | 'D' length-prefixed(('K' length-prefixed(bytes) structured-value)*)
//! length-prefixed(p) ::= length '!' p      (length = bytes of p + 1)
//! ```
//!
//! ```
//! use kiln_abi::sip::{parse, Key};
//! let sig = parse("I17!D13!K2!a_0K2!b_1R3!_0").unwrap();
//! let leaves = sig.inputs.leaves();
//! assert_eq!(leaves[1].index, 1);
//! assert_eq!(leaves[1].path, vec![Key::Str("b".into())]);
//! assert_eq!(sig.mangle(), "I17!D13!K2!a_0K2!b_1R3!_0");
//! ```

use std::fmt::Write;

/// A key traversed on the way to a raw index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    /// A sequence's key (`k`).
    Int(i64),
    /// A dict's key (`K`).
    Str(String),
}

impl Key {
    /// The key as a JSON value (`0`, `"b"`).
    pub fn json(&self) -> String {
        match self {
            Key::Int(i) => i.to_string(),
            Key::Str(s) => json_string(s),
        }
    }
}

/// A JSON string literal.
pub fn json_string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// An index path as JSON, `["b", 0]`.
pub fn path_json(path: &[Key]) -> String {
    format!(
        "[{}]",
        path.iter().map(Key::json).collect::<Vec<_>>().join(", ")
    )
}

/// A structured value: the tree whose leaves are raw argument (or result) indices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// `_N`: raw argument (or result) `N`.
    Leaf(usize),
    /// `S...`: a sequence, `(key, value)` in the order written.
    Seq(Vec<(i64, Node)>),
    /// `D...`: a dict, `(key, value)` in the order written.
    Dict(Vec<(String, Node)>),
}

/// One raw index and the keys traversed to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    /// The raw argument (or result) index.
    pub index: usize,
    /// The keys from the root to the leaf.
    pub path: Vec<Key>,
}

/// A parsed or built `sip` signature.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    /// The structure of the raw arguments (`I...`).
    pub inputs: Node,
    /// The structure of the raw results (`R...`).
    pub results: Node,
}

/// A malformed signature: the byte offset where parsing stopped and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SipError {
    /// The byte offset in the signature string.
    pub offset: usize,
    /// What was expected there.
    pub message: String,
}

impl std::fmt::Display for SipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

/// Nesting deeper than this is refused (the parser recurses once per level).
pub const MAX_DEPTH: usize = 200;

impl Node {
    /// Every raw index, depth first in the order written, with its index path.
    pub fn leaves(&self) -> Vec<Leaf> {
        let mut out = Vec::new();
        let mut path = Vec::new();
        self.walk(&mut path, &mut out);
        out
    }

    fn walk(&self, path: &mut Vec<Key>, out: &mut Vec<Leaf>) {
        match self {
            Node::Leaf(i) => out.push(Leaf {
                index: *i,
                path: path.clone(),
            }),
            Node::Seq(items) => {
                for (k, v) in items {
                    path.push(Key::Int(*k));
                    v.walk(path, out);
                    path.pop();
                }
            }
            Node::Dict(items) => {
                for (k, v) in items {
                    path.push(Key::Str(k.clone()));
                    v.walk(path, out);
                    path.pop();
                }
            }
        }
    }

    /// The mangled form of this value.
    pub fn mangle(&self) -> String {
        let mut out = String::new();
        self.mangle_into(&mut out);
        out
    }

    fn mangle_into(&self, out: &mut String) {
        match self {
            Node::Leaf(i) => {
                let _ = write!(out, "_{i}");
            }
            Node::Seq(items) => {
                let mut body = String::new();
                for (k, v) in items {
                    let _ = write!(body, "k{k}");
                    v.mangle_into(&mut body);
                }
                out.push('S');
                length_prefixed(out, &body);
            }
            Node::Dict(items) => {
                let mut body = String::new();
                for (k, v) in items {
                    body.push('K');
                    length_prefixed(&mut body, k);
                    v.mangle_into(&mut body);
                }
                out.push('D');
                length_prefixed(out, &body);
            }
        }
    }

    /// The same tree with every sequence ordered by key and every dict by key bytes.
    pub fn canonical(&self) -> Node {
        match self {
            Node::Leaf(i) => Node::Leaf(*i),
            Node::Seq(items) => {
                let mut v: Vec<(i64, Node)> =
                    items.iter().map(|(k, n)| (*k, n.canonical())).collect();
                v.sort_by_key(|(k, _)| *k);
                Node::Seq(v)
            }
            Node::Dict(items) => {
                let mut v: Vec<(String, Node)> = items
                    .iter()
                    .map(|(k, n)| (k.clone(), n.canonical()))
                    .collect();
                v.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
                Node::Dict(v)
            }
        }
    }

    /// Python-esque text: `{"a": _0, "b": [_1, _2]}`; a sequence whose keys are not
    /// `0, 1, ...` in order shows them, `[0: _0, 5: _1]`.
    pub fn text(&self) -> String {
        match self {
            Node::Leaf(i) => format!("_{i}"),
            Node::Seq(items) => {
                let dense = items.iter().enumerate().all(|(i, (k, _))| *k == i as i64);
                let parts: Vec<String> = items
                    .iter()
                    .map(|(k, v)| {
                        if dense {
                            v.text()
                        } else {
                            format!("{k}: {}", v.text())
                        }
                    })
                    .collect();
                format!("[{}]", parts.join(", "))
            }
            Node::Dict(items) => {
                let parts: Vec<String> = items
                    .iter()
                    .map(|(k, v)| format!("{}: {}", json_string(k), v.text()))
                    .collect();
                format!("{{{}}}", parts.join(", "))
            }
        }
    }

    /// The tree as JSON (what `--mangle-sip` reads): a leaf is its raw index, a sequence
    /// keyed `0, 1, ...` an array, a dict an object, any other sequence
    /// `{"$seq": [[KEY, TREE], ...]}`.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Node::Leaf(i) => Value::from(*i),
            Node::Seq(items) => {
                if items.iter().enumerate().all(|(i, (k, _))| *k == i as i64) {
                    Value::Array(items.iter().map(|(_, v)| v.to_json()).collect())
                } else {
                    let pairs = items
                        .iter()
                        .map(|(k, v)| Value::Array(vec![Value::from(*k), v.to_json()]))
                        .collect();
                    let mut m = serde_json::Map::new();
                    m.insert("$seq".to_string(), Value::Array(pairs));
                    Value::Object(m)
                }
            }
            Node::Dict(items) => {
                let mut m = serde_json::Map::new();
                for (k, v) in items {
                    m.insert(k.clone(), v.to_json());
                }
                Value::Object(m)
            }
        }
    }

    /// Reads a tree written as [`Node::to_json`] writes it; errors name the JSON path.
    pub fn from_json(v: &serde_json::Value, path: &str) -> Result<Node, String> {
        use serde_json::Value;
        match v {
            Value::Number(n) => n
                .as_u64()
                .and_then(|i| usize::try_from(i).ok())
                .map(Node::Leaf)
                .ok_or_else(|| format!("{path}: a raw index is a non-negative integer, got `{n}`")),
            Value::Array(items) => Ok(Node::Seq(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| Ok((i as i64, Node::from_json(x, &format!("{path}[{i}]"))?)))
                    .collect::<Result<_, String>>()?,
            )),
            Value::Object(m) if m.len() == 1 && m.contains_key("$seq") => {
                let Some(Value::Array(pairs)) = m.get("$seq") else {
                    return Err(format!(
                        "{path}.$seq: expected an array of [KEY, TREE] pairs"
                    ));
                };
                let mut out: Vec<(i64, Node)> = Vec::new();
                for (i, p) in pairs.iter().enumerate() {
                    let here = format!("{path}.$seq[{i}]");
                    let (Some(k), Some(t), 2) = (
                        p.get(0).and_then(Value::as_i64),
                        p.get(1),
                        p.as_array().map_or(0, Vec::len),
                    ) else {
                        return Err(format!("{here}: expected [INTEGER_KEY, TREE]"));
                    };
                    if out.iter().any(|(x, _)| *x == k) {
                        return Err(format!("{here}: key {k} appears twice"));
                    }
                    out.push((k, Node::from_json(t, &format!("{here}[1]"))?));
                }
                Ok(Node::Seq(out))
            }
            Value::Object(m) => Ok(Node::Dict(
                m.iter()
                    .map(|(k, x)| Ok((k.clone(), Node::from_json(x, &format!("{path}.{k}"))?)))
                    .collect::<Result<_, String>>()?,
            )),
            other => Err(format!(
                "{path}: expected a raw index, an array or an object, got {}",
                super::bind::json_kind(other)
            )),
        }
    }
}

fn length_prefixed(out: &mut String, body: &str) {
    let _ = write!(out, "{}!", body.len() + 1);
    out.push_str(body);
}

impl Signature {
    /// The signature's string, `I...R...`, as [`parse`] reads it.
    pub fn mangle(&self) -> String {
        let mut out = String::from("I");
        length_prefixed(&mut out, &self.inputs.mangle());
        out.push('R');
        length_prefixed(&mut out, &self.results.mangle());
        out
    }

    /// Keys sorted at every level.
    pub fn canonical(&self) -> Signature {
        Signature {
            inputs: self.inputs.canonical(),
            results: self.results.canonical(),
        }
    }

    /// `inputs {"a": _0} results _0` (keys in canonical order).
    pub fn text(&self) -> String {
        let c = self.canonical();
        format!("inputs {} results {}", c.inputs.text(), c.results.text())
    }

    /// One line per raw index: `input _1 ["b", 0]`, inputs then results.
    pub fn leaf_lines(&self) -> String {
        let mut out = String::new();
        for (what, node) in [("input", &self.inputs), ("result", &self.results)] {
            for l in node.leaves() {
                let _ = writeln!(out, "{what} _{} {}", l.index, path_json(&l.path));
            }
        }
        out
    }

    /// Problems with the signature as the mapping of a function with `inputs` parameters
    /// and `results` results: every raw index must appear exactly once and be in range.
    pub fn check(&self, inputs: usize, results: usize) -> Vec<String> {
        let mut out = Vec::new();
        for (what, node, n) in [
            ("input", &self.inputs, inputs),
            ("result", &self.results, results),
        ] {
            let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
            let mut seen = vec![false; n];
            for l in node.leaves() {
                match seen.get_mut(l.index) {
                    None => out.push(format!(
                        "{what} raw index _{} at {} is out of range: the function has {}",
                        l.index,
                        path_json(&l.path),
                        plural(n, what)
                    )),
                    Some(true) => out.push(format!(
                        "{what} raw index _{} appears more than once (again at {})",
                        l.index,
                        path_json(&l.path)
                    )),
                    Some(s) => *s = true,
                }
            }
            for (i, s) in seen.iter().enumerate() {
                if !s {
                    out.push(format!(
                        "{what} raw index _{i} is missing: each of the function's {} must appear once",
                        plural(n, what)
                    ));
                }
            }
        }
        out
    }
}

/// Builds a tree from leaves given by index path (what IREE's `SipSignatureMangler` takes).
/// Children appear in order of first mention; a path that is a prefix of another, or keys of
/// both kinds under one node, are errors.
pub fn from_paths(leaves: &[(Vec<Key>, usize)]) -> Result<Node, String> {
    fn insert(node: &mut Option<Node>, path: &[Key], index: usize) -> Result<(), String> {
        match (path.split_first(), node.as_mut()) {
            (None, None) => {
                *node = Some(Node::Leaf(index));
                Ok(())
            }
            (None, Some(_)) | (Some(_), Some(Node::Leaf(_))) => {
                Err("one index path is a prefix of another".to_string())
            }
            (Some((Key::Int(k), rest)), None) => {
                let mut child = None;
                insert(&mut child, rest, index)?;
                *node = Some(Node::Seq(vec![(
                    *k,
                    child.unwrap_or(Node::Seq(Vec::new())),
                )]));
                Ok(())
            }
            (Some((Key::Str(k), rest)), None) => {
                let mut child = None;
                insert(&mut child, rest, index)?;
                *node = Some(Node::Dict(vec![(
                    k.clone(),
                    child.unwrap_or(Node::Seq(Vec::new())),
                )]));
                Ok(())
            }
            (Some((Key::Int(k), rest)), Some(Node::Seq(items))) => {
                match items.iter_mut().find(|(x, _)| x == k) {
                    Some((_, n)) => {
                        let mut c = Some(std::mem::replace(n, Node::Leaf(0)));
                        let r = insert(&mut c, rest, index);
                        *n = c.unwrap_or(Node::Seq(Vec::new()));
                        r
                    }
                    None => {
                        let mut c = None;
                        insert(&mut c, rest, index)?;
                        items.push((*k, c.unwrap_or(Node::Seq(Vec::new()))));
                        Ok(())
                    }
                }
            }
            (Some((Key::Str(k), rest)), Some(Node::Dict(items))) => {
                match items.iter_mut().find(|(x, _)| x == k) {
                    Some((_, n)) => {
                        let mut c = Some(std::mem::replace(n, Node::Leaf(0)));
                        let r = insert(&mut c, rest, index);
                        *n = c.unwrap_or(Node::Seq(Vec::new()));
                        r
                    }
                    None => {
                        let mut c = None;
                        insert(&mut c, rest, index)?;
                        items.push((k.clone(), c.unwrap_or(Node::Seq(Vec::new()))));
                        Ok(())
                    }
                }
            }
            (Some(_), Some(_)) => Err("integer and string keys under the same node".to_string()),
        }
    }
    let mut root = None;
    for (path, index) in leaves {
        insert(&mut root, path, *index).map_err(|e| format!("{}: {e}", path_json(path)))?;
    }
    Ok(root.unwrap_or(Node::Seq(Vec::new())))
}

/// Parses a mangled signature.
pub fn parse(text: &str) -> Result<Signature, SipError> {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let end = p.s.len();
    p.expect(b'I', end, "`I` (the start of the inputs)")?;
    let inputs = p.prefixed_value(end)?;
    p.expect(b'R', end, "`R` (the start of the results)")?;
    let results = p.prefixed_value(end)?;
    if p.pos < end {
        return Err(p.error(format!(
            "unexpected {} after the results: the signature should end here",
            p.describe(end)
        )));
    }
    Ok(Signature { inputs, results })
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, message: impl Into<String>) -> SipError {
        SipError {
            offset: self.pos,
            message: message.into(),
        }
    }

    /// What is at the current position, for messages.
    fn describe(&self, end: usize) -> String {
        if self.pos >= end {
            if end < self.s.len() {
                "the end of the length-prefixed production".to_string()
            } else {
                "the end of the signature".to_string()
            }
        } else {
            let rest = &self.s[self.pos..];
            let c = (1..=rest.len().min(4))
                .find_map(|n| std::str::from_utf8(&rest[..n]).ok())
                .and_then(|s| s.chars().next());
            match c {
                Some(c) if !c.is_control() => format!("`{c}`"),
                _ => format!("byte 0x{:02x}", rest[0]),
            }
        }
    }

    fn expect(&mut self, byte: u8, end: usize, what: &str) -> Result<(), SipError> {
        if self.pos < end && self.s[self.pos] == byte {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected {what}, found {}", self.describe(end))))
        }
    }

    fn digits(&mut self, end: usize) -> usize {
        let start = self.pos;
        while self.pos < end && self.s[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        self.pos - start
    }

    /// `-?[0-9]+`.
    fn integer(&mut self, end: usize, what: &str) -> Result<i64, SipError> {
        let start = self.pos;
        if self.pos < end && self.s[self.pos] == b'-' {
            self.pos += 1;
        }
        if self.digits(end) == 0 {
            return Err(self.error(format!(
                "expected {what} (an integer), found {}",
                self.describe(end)
            )));
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        text.parse::<i64>().map_err(|_| SipError {
            offset: start,
            message: format!("{what} `{text}` does not fit in 64 bits"),
        })
    }

    /// `length '!'`; returns where the production ends.
    fn length(&mut self, end: usize) -> Result<usize, SipError> {
        let start = self.pos;
        if self.digits(end) == 0 {
            return Err(self.error(format!(
                "expected a length (digits), found {}",
                self.describe(end)
            )));
        }
        let text = std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("");
        let bad = |message: String| SipError {
            offset: start,
            message,
        };
        let n: usize = text
            .parse()
            .map_err(|_| bad(format!("length `{text}` is too large")))?;
        if self.pos >= end || self.s[self.pos] != b'!' {
            return Err(self.error(format!(
                "expected `!` after the length {text}, found {}",
                self.describe(end)
            )));
        }
        if n == 0 {
            return Err(bad(
                "bad length 0: a length counts the production's bytes plus 1 for the `!`"
                    .to_string(),
            ));
        }
        self.pos += 1;
        if n - 1 > end - self.pos {
            return Err(bad(format!(
                "truncated: length {n} needs {} bytes after the `!`, but only {} remain{}",
                n - 1,
                end - self.pos,
                if end < self.s.len() {
                    " in the enclosing production"
                } else {
                    ""
                }
            )));
        }
        Ok(self.pos + (n - 1))
    }

    fn prefixed_value(&mut self, end: usize) -> Result<Node, SipError> {
        let stop = self.length(end)?;
        let v = self.value(stop)?;
        if self.pos != stop {
            return Err(self.error(format!(
                "unexpected {}: the length prefix says the production ends at byte {stop}",
                self.describe(stop)
            )));
        }
        Ok(v)
    }

    fn value(&mut self, end: usize) -> Result<Node, SipError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        self.depth += 1;
        let v = self.value_inner(end);
        self.depth -= 1;
        v
    }

    fn value_inner(&mut self, end: usize) -> Result<Node, SipError> {
        if self.pos >= end {
            return Err(self.error(format!(
                "expected a structured value (`_`, `S` or `D`), found {}",
                self.describe(end)
            )));
        }
        match self.s[self.pos] {
            b'_' => {
                self.pos += 1;
                let at = self.pos;
                let i = self.integer(end, "a raw index")?;
                usize::try_from(i).map(Node::Leaf).map_err(|_| SipError {
                    offset: at,
                    message: format!("raw index {i} is negative"),
                })
            }
            b'S' => {
                self.pos += 1;
                let stop = self.length(end)?;
                let mut items: Vec<(i64, Node)> = Vec::new();
                while self.pos < stop {
                    let at = self.pos;
                    self.expect(
                        b'k',
                        stop,
                        "`k` (an integer key) or the end of the sequence",
                    )?;
                    let k = self.integer(stop, "an integer key")?;
                    if items.iter().any(|(x, _)| *x == k) {
                        return Err(SipError {
                            offset: at,
                            message: format!("key k{k} appears twice in one sequence"),
                        });
                    }
                    let v = self.value(stop)?;
                    items.push((k, v));
                }
                Ok(Node::Seq(items))
            }
            b'D' => {
                self.pos += 1;
                let stop = self.length(end)?;
                let mut items: Vec<(String, Node)> = Vec::new();
                while self.pos < stop {
                    let at = self.pos;
                    self.expect(b'K', stop, "`K` (a string key) or the end of the dict")?;
                    let key_end = self.length(stop)?;
                    let key_start = self.pos;
                    let key = std::str::from_utf8(&self.s[key_start..key_end])
                        .map_err(|e| SipError {
                            offset: key_start + e.valid_up_to(),
                            message: "a dict key is not UTF-8 text".to_string(),
                        })?
                        .to_string();
                    self.pos = key_end;
                    if items.iter().any(|(x, _)| *x == key) {
                        return Err(SipError {
                            offset: at,
                            message: format!("key {} appears twice in one dict", json_string(&key)),
                        });
                    }
                    let v = self.value(stop)?;
                    items.push((key, v));
                }
                Ok(Node::Dict(items))
            }
            _ => Err(self.error(format!(
                "unknown tag {}: expected a structured value (`_`, `S` or `D`)",
                self.describe(end)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::{Arbitrary, Gen, QuickCheck};

    fn seq(items: Vec<(i64, Node)>) -> Node {
        Node::Seq(items)
    }
    fn dict(items: Vec<(&str, Node)>) -> Node {
        Node::Dict(items.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }
    fn leaf(i: usize) -> Node {
        Node::Leaf(i)
    }

    /// Signatures worked out by hand from the grammar (`docs/book/src/reference/abi.md`
    /// shows the arithmetic).
    fn goldens() -> Vec<(&'static str, Signature)> {
        vec![
            // IREE's own example: inputs [_0], results _0.
            (
                "I8!S5!k0_0R3!_0",
                Signature {
                    inputs: seq(vec![(0, leaf(0))]),
                    results: leaf(0),
                },
            ),
            // Flat: two positional inputs.
            (
                "I12!S9!k0_0k1_1R3!_0",
                Signature {
                    inputs: seq(vec![(0, leaf(0)), (1, leaf(1))]),
                    results: leaf(0),
                },
            ),
            // Nested dict of lists: {"a": [_0, _1], "b": _2} -> [_0].
            (
                "I26!D22!K2!aS9!k0_0k1_1K2!b_2R8!S5!k0_0",
                Signature {
                    inputs: dict(vec![
                        ("a", seq(vec![(0, leaf(0)), (1, leaf(1))])),
                        ("b", leaf(2)),
                    ]),
                    results: seq(vec![(0, leaf(0))]),
                },
            ),
            // Empty sequences: no inputs, no results.
            (
                "I4!S1!R4!S1!",
                Signature {
                    inputs: seq(vec![]),
                    results: seq(vec![]),
                },
            ),
            // An empty sequence inside a dict: {"e": [], "x": _0}.
            (
                "I18!D14!K2!eS1!K2!x_0R4!S1!",
                Signature {
                    inputs: dict(vec![("e", seq(vec![])), ("x", leaf(0))]),
                    results: seq(vec![]),
                },
            ),
            // Negative and multi-digit keys, a two-digit raw index.
            (
                "I22!S18!k-1_0k12_1k345_10R3!_0",
                Signature {
                    inputs: seq(vec![(-1, leaf(0)), (12, leaf(1)), (345, leaf(10))]),
                    results: leaf(0),
                },
            ),
            // Non-ASCII dict keys: lengths count bytes (é is 2, 日本 is 6).
            (
                "I23!D19!K3!é_0K7!日本_1R3!_0",
                Signature {
                    inputs: dict(vec![("é", leaf(0)), ("日本", leaf(1))]),
                    results: leaf(0),
                },
            ),
            // Deep: {"a": {"b": [[_0]]}} -> {"out": _0}.
            (
                "I30!D26!K2!aD18!K2!bS10!k0S5!k0_0R12!D9!K4!out_0",
                Signature {
                    inputs: dict(vec![(
                        "a",
                        dict(vec![("b", seq(vec![(0, seq(vec![(0, leaf(0))]))]))]),
                    )]),
                    results: dict(vec![("out", leaf(0))]),
                },
            ),
        ]
    }

    #[test]
    fn golden_signatures_mangle_and_parse() {
        for (text, sig) in goldens() {
            assert_eq!(sig.mangle(), text, "mangling {sig:?}");
            assert_eq!(parse(text).as_ref(), Ok(&sig), "parsing {text}");
        }
    }

    #[test]
    fn index_paths_and_text() {
        let sig = parse("I26!D22!K2!aS9!k0_0k1_1K2!b_2R8!S5!k0_0").unwrap();
        assert_eq!(
            sig.leaf_lines(),
            "input _0 [\"a\", 0]\ninput _1 [\"a\", 1]\ninput _2 [\"b\"]\nresult _0 [0]\n"
        );
        assert_eq!(
            sig.text(),
            "inputs {\"a\": [_0, _1], \"b\": _2} results [_0]"
        );
        let keys = parse("I22!S18!k-1_0k12_1k345_10R3!_0").unwrap();
        assert_eq!(keys.text(), "inputs [-1: _0, 12: _1, 345: _10] results _0");
        assert_eq!(keys.inputs.leaves()[0].path, vec![Key::Int(-1)]);
    }

    #[test]
    fn canonical_form_sorts_keys() {
        let sig = parse("I17!D13!K2!b_0K2!a_1R3!_0").unwrap();
        assert_eq!(sig.canonical().mangle(), "I17!D13!K2!a_1K2!b_0R3!_0");
        assert_eq!(sig.text(), "inputs {\"a\": _1, \"b\": _0} results _0");
    }

    #[test]
    fn from_paths_builds_the_tree() {
        let t = from_paths(&[
            (vec![Key::Str("a".into()), Key::Int(0)], 0),
            (vec![Key::Str("a".into()), Key::Int(1)], 1),
            (vec![Key::Str("b".into())], 2),
        ])
        .unwrap();
        assert_eq!(t.mangle(), "D22!K2!aS9!k0_0k1_1K2!b_2");
        assert!(from_paths(&[(vec![], 0), (vec![Key::Int(0)], 1)]).is_err());
        assert!(from_paths(&[(vec![Key::Int(0)], 0), (vec![Key::Str("x".into())], 1)]).is_err());
    }

    fn error(text: &str) -> SipError {
        parse(text).expect_err(text)
    }

    #[test]
    fn every_malformed_class_names_its_offset() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 0, "expected `I`"),
            ("R3!_0", 0, "expected `I`"),
            ("I0!_0R3!_0", 1, "bad length 0"),
            ("I!_0R3!_0", 1, "expected a length"),
            ("I3_0R3!_0", 2, "expected `!` after the length 3"),
            (
                "I3!_0R3!",
                6,
                "truncated: length 3 needs 2 bytes after the `!`, but only 0 remain",
            ),
            ("I8!S5!k0", 1, "truncated"),
            ("I9!S9!k0_0R3!_0", 4, "truncated"),
            ("I99999999999999999999999!_0", 1, "too large"),
            ("I3!X0R3!_0", 3, "unknown tag `X`"),
            ("I3!_0", 5, "expected `R`"),
            ("I3!_0R3!_0X", 10, "unexpected `X` after the results"),
            ("I4!_0XR3!_0", 5, "unexpected `X`: the length prefix says"),
            ("I6!S3!_0R3!_0", 6, "expected `k`"),
            ("I6!D3!_0R3!_0", 6, "expected `K`"),
            ("I4!_-1R3!_0", 4, "raw index -1 is negative"),
            ("I3!_xR3!_0", 4, "expected a raw index"),
            ("I6!S3!kxR3!_0", 7, "expected an integer key"),
            ("I12!S9!k0_0k0_1R3!_0", 11, "key k0 appears twice"),
            ("I17!D13!K2!a_0K2!a_1R3!_0", 14, "key \"a\" appears twice"),
            ("I1!R3!_0", 3, "expected a structured value"),
            ("I8!D5!K2!é_0R3!_0", 9, "not UTF-8"),
            ("I99999999999999999999!_0", 1, "too large"),
        ];
        for (text, offset, want) in cases {
            let e = error(text);
            assert_eq!(e.offset, *offset, "{text}: {e}");
            assert!(
                e.message.contains(want),
                "{text}: `{}` lacks `{want}`",
                e.message
            );
        }
    }

    #[test]
    fn nesting_is_bounded() {
        let mut node = Node::Leaf(0);
        for _ in 0..(MAX_DEPTH + 5) {
            node = Node::Seq(vec![(0, node)]);
        }
        let text = Signature {
            inputs: node,
            results: Node::Leaf(0),
        }
        .mangle();
        assert!(error(&text).message.contains("nesting deeper"));
    }

    #[test]
    fn checking_against_a_function() {
        let sig = parse("I12!S9!k0_0k1_0R3!_1").unwrap();
        let problems = sig.check(2, 1);
        assert_eq!(
            problems,
            vec![
                "input raw index _0 appears more than once (again at [1])".to_string(),
                "input raw index _1 is missing: each of the function's 2 inputs must appear once"
                    .to_string(),
                "result raw index _1 at [] is out of range: the function has 1 result".to_string(),
                "result raw index _0 is missing: each of the function's 1 result must appear once"
                    .to_string(),
            ]
        );
        assert!(parse("I12!S9!k0_0k1_1R3!_0")
            .unwrap()
            .check(2, 1)
            .is_empty());
    }

    #[test]
    fn json_trees_round_trip() {
        for (_, sig) in goldens() {
            for n in [&sig.inputs, &sig.results] {
                assert_eq!(Node::from_json(&n.to_json(), "t").as_ref(), Ok(n));
            }
        }
        let bad = serde_json::json!({"a": -1});
        assert_eq!(
            Node::from_json(&bad, "inputs").unwrap_err(),
            "inputs.a: a raw index is a non-negative integer, got `-1`"
        );
    }

    #[derive(Clone, Debug)]
    struct Arb(Signature);

    fn arb_node(g: &mut Gen, depth: usize) -> Node {
        let kind = if depth == 0 { 0 } else { u8::arbitrary(g) % 3 };
        let width = usize::arbitrary(g) % 4;
        match kind {
            0 => Node::Leaf(usize::arbitrary(g) % 1000),
            1 => {
                let mut items: Vec<(i64, Node)> = Vec::new();
                for _ in 0..width {
                    let k = match u8::arbitrary(g) % 3 {
                        0 => i64::arbitrary(g),
                        _ => i64::arbitrary(g) % 20,
                    };
                    if !items.iter().any(|(x, _)| *x == k) {
                        items.push((k, arb_node(g, depth - 1)));
                    }
                }
                Node::Seq(items)
            }
            _ => {
                let mut items: Vec<(String, Node)> = Vec::new();
                for _ in 0..width {
                    let k = String::arbitrary(g);
                    if !items.iter().any(|(x, _)| *x == k) {
                        items.push((k, arb_node(g, depth - 1)));
                    }
                }
                Node::Dict(items)
            }
        }
    }

    impl Arbitrary for Arb {
        fn arbitrary(g: &mut Gen) -> Arb {
            let depth = usize::arbitrary(g) % 5;
            Arb(Signature {
                inputs: arb_node(g, depth),
                results: arb_node(g, depth),
            })
        }
    }

    #[test]
    fn random_trees_round_trip() {
        fn prop(a: Arb) -> bool {
            let text = a.0.mangle();
            parse(&text).as_ref() == Ok(&a.0)
                && a.0.canonical().canonical() == a.0.canonical()
                && parse(&a.0.canonical().mangle()).map(|s| s.text()) == Ok(a.0.text())
        }
        QuickCheck::new()
            .tests(500)
            .quickcheck(prop as fn(Arb) -> bool);
    }
}
