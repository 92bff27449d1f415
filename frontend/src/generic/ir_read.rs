//! Reads MLIR's textual IR into a [`Graph`]: operations in generic form (any operation,
//! registered or not) and in the custom forms of [`formats`](super::formats).
//!
//! Attributes and types are read by the attribute grammar: it is handed the rest of the
//! text, and where it stops on a token it cannot continue with, the attribute or type ends
//! there (the grammar is LR, so that token is the first one outside it).

use rustc_hash::FxHashMap as HashMap;

use super::formats;
use super::graph::{BlockId, Graph, OpId, RegionId, ValueRef};
use super::ir_scan::{prefix, simple_attribute_extent, string_at, type_extent};
use super::{syntax, Attribute, SyntaxError, Ty};

/// Reads a whole file: one `builtin.module`, or top-level operations that become the body
/// of an implicit module. Locations are `"FILE":line:col` of each operation.
pub fn read_module(graph: &mut Graph, text: &str, file: &str) -> Result<OpId, SyntaxError> {
    let mut r = Reader::new(graph, text, file);
    r.skip();
    let top = r
        .graph
        .create("builtin.module", vec![], vec![], vec![], vec![], 1);
    let region = r.graph.op(top).regions[0];
    let block = r.graph.new_block(vec![]);
    r.graph.attach_block(block, region, 0);
    r.scopes.push(Scope::new(true));
    while r.pos < r.text.len() {
        if r.alias_definition()? {
            r.skip();
            continue;
        }
        let op = r.operation("builtin.module")?;
        r.insert(op, block);
        r.skip();
    }
    r.close_scope()?;
    // A file holding one module is that module.
    let ops = &r.graph.block(block).operations;
    if ops.len() == 1 && r.graph.op(ops[0]).name == "builtin.module" {
        let only = ops[0];
        r.graph.detach(only);
        r.graph.erase(top);
        return Ok(only);
    }
    Ok(top)
}

/// Reads one operation (with its regions), detached.
pub fn read_operation(graph: &mut Graph, text: &str, file: &str) -> Result<OpId, SyntaxError> {
    let mut r = Reader::new(graph, text, file);
    r.skip();
    r.scopes.push(Scope::new(true));
    let op = r.operation("builtin.module")?;
    r.skip();
    if r.pos < r.text.len() {
        return Err(r.error("expected one operation, found more text after it"));
    }
    r.close_scope()?;
    Ok(op)
}

pub(super) struct Scope {
    isolated: bool,
    values: HashMap<String, ValueRef>,
    // Values used before their definition: a placeholder operation's result each.
    forward: HashMap<String, (ValueRef, usize)>,
    blocks: HashMap<String, (BlockId, bool)>,
}

impl Scope {
    pub(super) fn new(isolated: bool) -> Scope {
        Scope {
            isolated,
            values: HashMap::default(),
            forward: HashMap::default(),
            blocks: HashMap::default(),
        }
    }
}

pub(super) struct Reader<'g, 't> {
    pub(super) aliases: super::read::Aliases,
    pub(super) locations: HashMap<String, String>,
    pub(super) graph: &'g mut Graph,
    pub(super) text: &'t str,
    // The file name as a location writes it, and where each line starts.
    quoted_file: String,
    line_starts: Vec<usize>,
    // Types and simple attributes read so far, by their text.
    type_cache: HashMap<String, Ty>,
    attribute_cache: HashMap<String, Attribute>,
    pub(super) pos: usize,
    pub(super) scopes: Vec<Scope>,
    pub(super) types: syntax::TypeParser,
    pub(super) attributes: syntax::AttributeParser,
}

// An operand as written: its name and where.
pub(super) type Use = (String, usize);

impl<'g, 't> Reader<'g, 't> {
    pub(super) fn new(graph: &'g mut Graph, text: &'t str, file: &str) -> Reader<'g, 't> {
        Reader {
            aliases: super::read::Aliases::default(),
            locations: HashMap::default(),
            graph,
            text,
            quoted_file: super::quoted(file),
            type_cache: HashMap::default(),
            attribute_cache: HashMap::default(),
            line_starts: std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
            pos: 0,
            scopes: Vec::new(),
            types: syntax::TypeParser::new(),
            attributes: syntax::AttributeParser::new(),
        }
    }

    pub(super) fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            offset: self.pos,
            message: message.into(),
        }
    }

    pub(super) fn loc_at(&self, offset: usize) -> String {
        // The line is found by binary search in the line starts, so locating every
        // operation of a file stays linear.
        let line = self.line_starts.partition_point(|s| *s <= offset);
        let start = self.line_starts[line - 1];
        let col = self.text[start..offset].chars().count() + 1;
        format!("{}:{line}:{col}", self.quoted_file)
    }

    pub(super) fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// Skips white space and `//` comments.
    pub(super) fn skip(&mut self) {
        let bytes = self.text.as_bytes();
        loop {
            while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if bytes[self.pos..].starts_with(b"//") {
                self.pos +=
                    memchr::memchr(b'\n', &bytes[self.pos..]).unwrap_or(bytes.len() - self.pos);
            } else if self.text[self.pos..]
                .starts_with(|c: char| !c.is_ascii() && c.is_whitespace())
            {
                // Unicode white space, which MLIR's lexer skips as well.
                self.pos += self.text[self.pos..]
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8);
            } else {
                break;
            }
        }
    }

    pub(super) fn peek(&mut self, s: &str) -> bool {
        self.skip();
        self.rest().starts_with(s)
    }

    pub(super) fn eat(&mut self, s: &str) -> bool {
        if self.peek(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    pub(super) fn expect(&mut self, s: &str) -> Result<(), SyntaxError> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(self.error(format!("expected `{s}`")))
        }
    }

    /// A word: letters, digits, `_`, `$`, `.`, starting with no digit.
    pub(super) fn word(&mut self) -> Option<&'t str> {
        self.skip();
        let rest = self.rest();
        let first = rest.chars().next()?;
        if !(first.is_ascii_alphabetic() || first == '_') {
            return None;
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')))
            .unwrap_or(rest.len());
        self.pos += len;
        Some(&rest[..len])
    }

    /// Whether the next word is `w` (consumed if so).
    pub(super) fn keyword(&mut self, w: &str) -> bool {
        let save = self.pos;
        if self.word() == Some(w) {
            true
        } else {
            self.pos = save;
            false
        }
    }

    /// A name after a sigil (`%x`, `^bb1`, `@f`): an identifier, digits, or a quoted
    /// string for symbols.
    pub(super) fn sigil_name(&mut self, sigil: char) -> Result<String, SyntaxError> {
        self.skip();
        if !self.rest().starts_with(sigil) {
            return Err(self.error(format!("expected `{sigil}` name")));
        }
        self.pos += 1;
        let rest = self.rest();
        if sigil == '@' && rest.starts_with('"') {
            let (s, len) = string_at(rest).ok_or_else(|| self.error("unterminated string"))?;
            self.pos += len;
            return Ok(s);
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-')))
            .unwrap_or(rest.len());
        if len == 0 {
            return Err(self.error(format!("expected a name after `{sigil}`")));
        }
        self.pos += len;
        Ok(rest[..len].to_string())
    }

    pub(super) fn string(&mut self) -> Result<String, SyntaxError> {
        self.skip();
        let (s, len) = string_at(self.rest()).ok_or_else(|| self.error("expected a string"))?;
        self.pos += len;
        Ok(s)
    }

    pub(super) fn integer(&mut self) -> Result<u64, SyntaxError> {
        self.skip();
        let rest = self.rest();
        let len = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let n = rest[..len]
            .parse()
            .map_err(|_| self.error("expected an integer"))?;
        self.pos += len;
        Ok(n)
    }

    pub(super) fn located(&self, mut e: SyntaxError) -> SyntaxError {
        e.offset += self.pos;
        e
    }

    pub(super) fn ty(&mut self) -> Result<Ty, SyntaxError> {
        self.skip();
        let rest = self.rest();
        let (types, aliases) = (&self.types, &self.aliases);
        // Types repeat: one written as a word with an optional `<...>` (or a function type
        // of such) is read once and then found by its text.
        let (v, len) = read_cached(rest, "type", type_extent(rest), &mut self.type_cache, |s| {
            types
                .parse(aliases, s)
                .map_err(|e| e.map_token(|t| t.to_string()))
        })
        .map_err(|e| self.located(e))?;
        self.pos += len;
        Ok(v)
    }

    pub(super) fn attribute(&mut self) -> Result<Attribute, SyntaxError> {
        self.skip();
        let rest = self.rest();
        let (attributes, aliases) = (&self.attributes, &self.aliases);
        // Constants repeat too: a number (or `true`/`false`) with an optional `: type`.
        let extent = simple_attribute_extent(rest);
        let (v, len) = read_cached(rest, "attribute", extent, &mut self.attribute_cache, |s| {
            attributes
                .parse(aliases, s)
                .map_err(|e| e.map_token(|t| t.to_string()))
        })
        .map_err(|e| self.located(e))?;
        self.pos += len;
        Ok(v)
    }

    /// `#name = ...` or `!name = ...` at the top of a file; whether one was read.
    pub(super) fn alias_definition(&mut self) -> Result<bool, SyntaxError> {
        self.skip();
        let sigil = match self.rest().chars().next() {
            Some(c @ ('#' | '!')) => c,
            _ => return Ok(false),
        };
        let at = self.pos;
        self.pos += 1;
        let name = self
            .word()
            .ok_or_else(|| self.error("expected an alias name"))?
            .to_string();
        if !self.eat("=") {
            self.pos = at;
            return Err(self.error("expected `=` after the alias name"));
        }
        if sigil == '!' {
            let t = self.ty()?;
            self.aliases.types.insert(name, t);
        } else if self.peek("loc(") {
            let l = self.loc()?.unwrap_or_default();
            self.locations.insert(name, l);
        } else {
            let a = self.attribute()?;
            self.aliases.attributes.insert(name, a);
        }
        Ok(true)
    }

    pub(super) fn dictionary(&mut self) -> Result<Vec<(String, Attribute)>, SyntaxError> {
        match self.attribute()? {
            Attribute::Dictionary(d) => Ok(d),
            _ => Err(self.error("expected an attribute dictionary")),
        }
    }

    /// `%a, %b#1, ...` (possibly none).
    pub(super) fn operand_names(&mut self) -> Result<Vec<Use>, SyntaxError> {
        let mut out = Vec::new();
        while self.peek("%") {
            let at = self.pos;
            let mut name = self.sigil_name('%')?;
            if self.rest().starts_with('#') {
                self.pos += 1;
                name = format!("{name}#{}", self.integer()?);
            }
            out.push((name, at));
            // A comma continues the list only before another value.
            let save = self.pos;
            if !self.eat(",") {
                break;
            }
            if !self.peek("%") {
                self.pos = save;
                break;
            }
        }
        Ok(out)
    }

    pub(super) fn loc(&mut self) -> Result<Option<String>, SyntaxError> {
        if !self.peek("loc(") {
            return Ok(None);
        }
        self.pos += 4;
        let start = self.pos;
        let mut depth = 1;
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            match bytes[self.pos] {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        let inner = self.text[start..self.pos].to_string();
                        self.pos += 1;
                        let inner = match inner.strip_prefix('#') {
                            Some(n) => self.locations.get(n).cloned().unwrap_or(inner),
                            None => inner,
                        };
                        return Ok(Some(inner));
                    }
                }
                b'"' => {
                    let (_, len) = string_at(&self.text[self.pos..])
                        .ok_or_else(|| self.error("unterminated string"))?;
                    self.pos += len - 1;
                }
                _ => {}
            }
            self.pos += 1;
        }
        Err(self.error("unterminated `loc(`"))
    }

    /// The value `name` has in scope, or a placeholder for one defined later.
    pub(super) fn resolve(
        &mut self,
        name: &str,
        at: usize,
        ty: &Ty,
    ) -> Result<ValueRef, SyntaxError> {
        for s in self.scopes.iter().rev() {
            if let Some(v) = s.values.get(name) {
                if self.graph.value_type(*v) != ty {
                    return Err(SyntaxError {
                        offset: at,
                        message: format!(
                            "use of value '%{name}' expects different type than prior uses: '{ty}' vs '{}'",
                            self.graph.value_type(*v)
                        ),
                    });
                }
                return Ok(*v);
            }
            if let Some((v, _)) = s.forward.get(name) {
                return Ok(*v);
            }
            if s.isolated {
                break;
            }
        }
        let ph = self
            .graph
            .create("kiln.forward", vec![], vec![ty.clone()], vec![], vec![], 0);
        let v = ValueRef::Result(ph, 0);
        let scope = self
            .scopes
            .last_mut()
            .expect("a scope is open while reading");
        scope.forward.insert(name.to_string(), (v, at));
        Ok(v)
    }

    pub(super) fn resolve_all(
        &mut self,
        uses: &[Use],
        types: &[Ty],
    ) -> Result<Vec<ValueRef>, SyntaxError> {
        if uses.len() != types.len() {
            return Err(self.error(format!(
                "{} operands present, but expected {}",
                uses.len(),
                types.len()
            )));
        }
        uses.iter()
            .zip(types)
            .map(|((n, at), t)| self.resolve(n, *at, t))
            .collect()
    }

    pub(super) fn define(&mut self, name: &str, v: ValueRef, at: usize) -> Result<(), SyntaxError> {
        let scope = self
            .scopes
            .last_mut()
            .expect("a scope is open while reading");
        if scope.values.contains_key(name) {
            return Err(SyntaxError {
                offset: at,
                message: format!("redefinition of SSA value '%{name}'"),
            });
        }
        scope.values.insert(name.to_string(), v);
        if let Some((ph, use_at)) = scope.forward.remove(name) {
            if self.graph.value_type(ph) != self.graph.value_type(v) {
                return Err(SyntaxError {
                    offset: use_at,
                    message: format!(
                        "use of value '%{name}' expects different type than its definition: '{}' vs '{}'",
                        self.graph.value_type(ph),
                        self.graph.value_type(v)
                    ),
                });
            }
            self.graph.replace_all_uses(ph, v);
            if let ValueRef::Result(o, _) = ph {
                self.graph.erase(o);
            }
        }
        Ok(())
    }

    pub(super) fn close_scope(&mut self) -> Result<(), SyntaxError> {
        // A block referred to but never defined in the scope (the first by name, so the
        // message is the same every run).
        let undefined = self.scopes.last().and_then(|s| {
            s.blocks
                .iter()
                .filter(|(_, (_, defined))| !defined)
                .map(|(n, _)| n)
                .min()
                .cloned()
        });
        if let Some(name) = undefined {
            return Err(self.error(format!("reference to an undefined block '^{name}'")));
        }
        let scope = self.scopes.pop().expect("a scope is open while reading");
        let mut left: Vec<_> = scope.forward.into_iter().collect();
        left.sort_by_key(|(_, (_, at))| *at);
        match self.scopes.last_mut() {
            Some(parent) if !scope.isolated => parent.forward.extend(left),
            _ => {
                if let Some((name, (_, at))) = left.first() {
                    return Err(SyntaxError {
                        offset: *at,
                        message: format!("use of undeclared SSA value name '%{name}'"),
                    });
                }
            }
        }
        Ok(())
    }

    pub(super) fn block_ref(&mut self) -> Result<BlockId, SyntaxError> {
        let name = self.sigil_name('^')?;
        let scope = self
            .scopes
            .last_mut()
            .expect("a scope is open while reading");
        if let Some((b, _)) = scope.blocks.get(&name) {
            return Ok(*b);
        }
        let b = self.graph.new_block(vec![]);
        let scope = self
            .scopes
            .last_mut()
            .expect("a scope is open while reading");
        scope.blocks.insert(name, (b, false));
        Ok(b)
    }

    pub(super) fn insert(&mut self, op: OpId, block: BlockId) {
        let end = self.graph.block(block).operations.len();
        // A freshly read operation is detached and outside `block`.
        let _ = self.graph.insert(op, block, end);
    }

    /// `{ blocks }` into `region`; `entry` gives the entry block's arguments when the
    /// operation's syntax declared them (a function's signature).
    pub(super) fn region(
        &mut self,
        region: RegionId,
        parent: &str,
        entry: Option<Vec<(String, Ty, String, usize)>>,
    ) -> Result<(), SyntaxError> {
        self.expect("{")?;
        self.scopes.push(Scope::new(formats::is_isolated(parent)));
        let mut current: Option<BlockId> = None;
        if let Some(args) = entry {
            let b = self.graph.new_block(vec![]);
            self.graph.attach_block(b, region, usize::MAX);
            for (name, ty, loc, at) in args {
                let v = self.graph.add_argument(b, ty, &loc);
                self.define(&name, v, at)?;
            }
            current = Some(b);
        }
        loop {
            if self.eat("}") {
                break;
            }
            if self.peek("^") {
                let at = self.pos;
                let name = self.sigil_name('^')?;
                let scope = self
                    .scopes
                    .last_mut()
                    .expect("a scope is open while reading");
                let b = match scope.blocks.get(&name) {
                    Some((_, true)) => {
                        return Err(SyntaxError {
                            offset: at,
                            message: format!("redefinition of block '^{name}'"),
                        })
                    }
                    Some((b, false)) => *b,
                    None => self.graph.new_block(vec![]),
                };
                let scope = self
                    .scopes
                    .last_mut()
                    .expect("a scope is open while reading");
                scope.blocks.insert(name, (b, true));
                self.graph.attach_block(b, region, usize::MAX);
                if self.eat("(") && !self.eat(")") {
                    loop {
                        let at = self.pos;
                        let name = self.sigil_name('%')?;
                        self.expect(":")?;
                        let ty = self.ty()?;
                        let loc = self.loc()?.unwrap_or_else(|| self.loc_at(at));
                        let v = self.graph.add_argument(b, ty, &loc);
                        self.define(&name, v, at)?;
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                self.expect(":")?;
                current = Some(b);
                continue;
            }
            let b = match current {
                Some(b) => b,
                None => {
                    let b = self.graph.new_block(vec![]);
                    self.graph.attach_block(b, region, usize::MAX);
                    current = Some(b);
                    b
                }
            };
            if self.pos >= self.text.len() {
                return Err(self.error("expected `}` to close the region"));
            }
            let op = self.operation(parent)?;
            self.insert(op, b);
        }
        self.close_scope()
    }

    /// One operation, its results named, placed nowhere.
    pub(super) fn operation(&mut self, parent: &str) -> Result<OpId, SyntaxError> {
        self.skip();
        let start = self.pos;
        let mut defs: Vec<(String, usize, usize)> = Vec::new();
        if self.peek("%") {
            loop {
                let at = self.pos;
                let name = self.sigil_name('%')?;
                let count = if self.rest().starts_with(':') && !self.rest().starts_with("::") {
                    self.pos += 1;
                    self.integer()? as usize
                } else {
                    1
                };
                defs.push((name, count, at));
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("=")?;
        }
        self.skip();
        let at = self.pos;
        let op = if self.rest().starts_with('"') {
            let name = self.string()?;
            self.generic(&name, at)?
        } else {
            let word = self
                .word()
                .ok_or_else(|| self.error("expected operation name in quotes"))?;
            let name = if word.contains('.') {
                word.to_string()
            } else if word == "module" {
                "builtin.module".to_string()
            } else if word == "constant" && !self.peek("@") {
                // The older standard dialect's constant.
                "arith.constant".to_string()
            } else if word == "func" && parent == "builtin.module" {
                // MLIR's older spelling of `func.func`.
                "func.func".to_string()
            } else {
                legacy_name(
                    &format!("{}.{word}", formats::default_dialect(parent)),
                    word,
                )
            };
            match formats::format_of(&name) {
                Some(f) => self.custom(&name, f, at)?,
                None => {
                    self.pos = at;
                    return Err(self.error(format!(
                        "custom op '{name}' is unknown (kiln reads it in generic form: \"{name}\"(...))"
                    )));
                }
            }
        };
        if let Some(loc) = self.loc()? {
            self.graph.op_mut(op).location = loc;
        } else {
            self.graph.op_mut(op).location = self.loc_at(start);
        }
        let results = self.graph.op(op).results.len();
        let declared: usize = defs.iter().map(|d| d.1).sum();
        if !defs.is_empty() && declared != results {
            return Err(SyntaxError {
                offset: start,
                message: format!(
                    "operation defines {results} results but was provided {declared} to bind"
                ),
            });
        }
        let mut k = 0u32;
        for (name, count, at) in defs {
            if count == 1 {
                self.define(&name, ValueRef::Result(op, k), at)?;
            }
            for i in 0..count {
                self.define(&format!("{name}#{i}"), ValueRef::Result(op, k), at)?;
                k += 1;
            }
        }
        Ok(op)
    }

    /// `"name"(operands)[successors] <{properties}> (regions) {attributes} : type`.
    pub(super) fn generic(&mut self, name: &str, at: usize) -> Result<OpId, SyntaxError> {
        self.expect("(")?;
        let uses = self.operand_names()?;
        self.expect(")")?;
        let mut successors = Vec::new();
        if self.eat("[") {
            loop {
                successors.push(self.block_ref()?);
                if self.eat("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let mut attributes = Vec::new();
        if self.eat("<") {
            attributes = self.dictionary()?;
            self.expect(">")?;
        }
        // Regions come before the operation's type: they are read into a holder, and
        // given to the operation once its operands can be resolved.
        let mut holder = None;
        if self.peek("(") && self.text[self.pos + 1..].trim_start().starts_with('{') {
            self.pos += 1;
            let h = self
                .graph
                .create("kiln.regions", vec![], vec![], vec![], vec![], 0);
            holder = Some(h);
            loop {
                let region = self.graph.add_region(h);
                self.region(region, name, None)?;
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let mut discardable = Vec::new();
        if self.peek("{") {
            discardable = self.dictionary()?;
        }
        self.expect(":")?;
        let ty_at = self.pos;
        let Ty::Function { inputs, results } = self.ty()? else {
            return Err(SyntaxError {
                offset: ty_at,
                message: "expected a function type `(inputs) -> results`".into(),
            });
        };
        let operands = self.resolve_all(&uses, &inputs)?;
        formats::complete(name, &mut attributes);
        let properties = if formats::is_registered(name) || attributes.is_empty() {
            None
        } else {
            Some(Attribute::Dictionary(std::mem::take(&mut attributes)))
        };
        attributes.extend(discardable);
        let op = self
            .graph
            .create(name, operands, results, attributes, successors, 0);
        self.graph.op_mut(op).properties = properties;
        if let Some(h) = holder {
            self.graph.move_regions(h, op);
        }
        let _ = at;
        Ok(op)
    }

    pub(super) fn attr_dict(
        &mut self,
        into: &mut Vec<(String, Attribute)>,
    ) -> Result<(), SyntaxError> {
        if self.peek("{") {
            into.extend(self.dictionary()?);
        }
        Ok(())
    }
}

/// An operation written without its dialect: the default dialect's, else (MLIR's older
/// standard dialect) arith's, memref's or cf's operation of that name.
fn legacy_name(qualified: &str, word: &str) -> String {
    if formats::format_of(qualified).is_some() {
        return qualified.to_string();
    }
    for dialect in ["arith", "memref", "cf"] {
        let candidate = format!("{dialect}.{word}");
        if formats::format_of(&candidate).is_some() {
            return candidate;
        }
    }
    qualified.to_string()
}

/// Reads a `what` at the start of `rest`, and its length: when `extent` gives where it
/// ends, found by that text in `cache` (parsed and kept there the first time); else the
/// grammar's `parse` on the longest prefix it accepts.
fn read_cached<T: Clone, E: std::fmt::Display>(
    rest: &str,
    what: &str,
    extent: Option<usize>,
    cache: &mut HashMap<String, T>,
    parse: impl Fn(&str) -> Result<T, lalrpop_util::ParseError<usize, E, (usize, String)>>,
) -> Result<(T, usize), SyntaxError> {
    if let Some(len) = extent {
        let text = &rest[..len];
        if let Some(v) = cache.get(text) {
            return Ok((v.clone(), len));
        }
        if let Ok(v) = parse(text) {
            cache.insert(text.to_string(), v.clone());
            return Ok((v, len));
        }
    }
    prefix(rest, what, parse)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        let mut g = Graph::new();
        match read_module(&mut g, text, "t.mlir") {
            Ok(_) => panic!("read without error: {text}"),
            Err(e) => e
                .in_file("t.mlir", text)
                .lines()
                .next()
                .unwrap_or("")
                .to_string(),
        }
    }

    #[test]
    fn bad_input_is_located() {
        let cases = [
            ("\"x.a\"(%v) : (i32) -> ()", "t.mlir:1:7: error: use of undeclared SSA value name '%v'"),
            (
                "%a = \"x.a\"() : () -> i32\n%a = \"x.b\"() : () -> i32",
                "t.mlir:2:1: error: redefinition of SSA value '%a'",
            ),
            (
                "\"x.r\"() ({\n  \"x.br\"()[^nowhere] : () -> ()\n}) : () -> ()",
                "reference to an undefined block '^nowhere'",
            ),
            // At the top level too (the mutation property found it printing a successor
            // that was never defined).
            ("cf.br ^b\n", "reference to an undefined block '^b'"),
            (
                "\"x.a\"()[^b, ^a] : () -> ()",
                "reference to an undefined block '^a'",
            ),
            ("%a = x.unknown %b", "t.mlir:1:6: error: custom op 'x.unknown' is unknown"),
            (
                "%a = \"x.a\"() : () -> (i32, i32)",
                "t.mlir:1:1: error: operation defines 2 results but was provided 1 to bind",
            ),
            ("\"x.r\"() ({\n", "expected `}` to close the region"),
            (
                "%a = \"x.a\"() : () -> i32\n\"x.b\"(%a) : (f32) -> ()",
                "t.mlir:2:7: error: use of value '%a' expects different type than prior uses: 'f32' vs 'i32'",
            ),
            ("\"x.a\"() : i32", "expected a function type"),
            ("\"x.a\"() {k = dense<[1> : tensor<1xi32>} : () -> ()", "t.mlir:1:"),
        ];
        for (text, wanted) in cases {
            let got = error_of(text);
            assert!(
                got.contains(wanted),
                "{text}\n  wanted: {wanted}\n  got:    {got}"
            );
        }
    }

    #[test]
    fn forward_references_resolve_in_place() {
        let text = "func.func @f(%c: i1) -> i32 {\n  cf.br ^bb1\n^bb2:\n  return %x : i32\n^bb1:\n  %x = arith.constant 1 : i32\n  cf.br ^bb2\n}";
        let mut g = Graph::new();
        let m = read_module(&mut g, text, "t.mlir").map_err(|e| e.in_file("t.mlir", text));
        let m = m.unwrap_or_else(|e| panic!("{e}"));
        let printed = super::super::print_operation(&g, m, Default::default());
        assert!(printed.contains("return %c1_i32 : i32"), "{printed}");
        assert!(!printed.contains("kiln.forward"), "{printed}");
    }
}
