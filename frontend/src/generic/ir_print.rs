//! Prints a [`Graph`]'s operations as `mlir-opt` does: custom forms for the operations of
//! [`formats`](super::formats), generic form for the rest (or for all, on request), values
//! and blocks named as MLIR names them.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::fmt::Write;

use super::formats::{self, Format};
use super::graph::{BlockId, Graph, OpId, RegionId, ValueRef};
use super::{Attribute, Ty};

/// How to print.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Every operation in generic form.
    pub generic: bool,
    /// Locations after operations and block arguments.
    pub debug_info: bool,
    /// Locations without `loc(...)` around them (implies `debug_info`).
    pub pretty_debug_info: bool,
    /// Names values from the printed operation rather than from its outermost ancestor.
    pub local_scope: bool,
}

/// The text of `op` and everything inside it.
pub fn print_operation(graph: &Graph, op: OpId, options: PrintOptions) -> String {
    let mut root = op;
    if !options.local_scope {
        while let Some(p) = graph.parent_op(root) {
            root = p;
        }
    }
    let names = Names::of(graph, root, options.generic);
    let mut p = Printer {
        graph,
        names,
        options,
        out: String::new(),
        indent: 0,
        root: op,
    };
    p.operation(op);
    if graph.op(op).parent.is_none() {
        with_aliases(&p.out)
    } else {
        p.out
    }
}

/// The text with each affine map and integer set named once, ahead of it (`#map`, `#map1`
/// ..., `#set` ...), in order of first appearance, as MLIR prints a top-level operation.
fn with_aliases(text: &str) -> String {
    if !text.contains("affine_map<") && !text.contains("affine_set<") {
        return text.to_string();
    }
    let mut aliases: Vec<(String, String)> = Vec::new();
    let mut body = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let c = bytes[i];
        if in_string {
            body.push(c as char);
            if c == b'\\' && i + 1 < bytes.len() {
                body.push(bytes[i + 1] as char);
                i += 2;
                continue;
            }
            in_string = c != b'"';
            i += 1;
            continue;
        }
        let kind = [("affine_map<", "map"), ("affine_set<", "set")]
            .into_iter()
            .find(|(p, _)| text[i..].starts_with(p));
        if let Some((prefix, stem)) = kind {
            // The map's text runs to its matching `>`; `->` inside it is no bracket.
            let mut depth = 0;
            let mut j = i + prefix.len() - 1;
            while j < bytes.len() {
                match bytes[j] {
                    b'<' => depth += 1,
                    b'>' if bytes[j - 1] != b'-' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            let full = &text[i..=j.min(bytes.len() - 1)];
            let name = match aliases.iter().find(|(_, t)| t == full) {
                Some((n, _)) => n.clone(),
                None => {
                    let count = aliases
                        .iter()
                        .filter(|(n, _)| n.starts_with(&format!("#{stem}")))
                        .count();
                    let n = if count == 0 {
                        format!("#{stem}")
                    } else {
                        format!("#{stem}{count}")
                    };
                    aliases.push((n.clone(), full.to_string()));
                    n
                }
            };
            body.push_str(&name);
            i = j + 1;
            continue;
        }
        if c == b'"' {
            in_string = true;
        }
        // Copies one whole character (the text is UTF-8).
        let len = text[i..].chars().next().map_or(1, char::len_utf8);
        body.push_str(&text[i..i + len]);
        i += len;
    }
    let mut out = String::new();
    for (n, t) in &aliases {
        let _ = writeln!(out, "{n} = {t}");
    }
    out.push_str(&body);
    out
}

/// The name `v` prints with (`%0`, `%arg1`, `%0#1`, `%c1_i32`), numbered from its
/// outermost operation or, with `local_scope`, from the operation holding its definition
/// (the defining operation itself when that is detached).
pub fn value_name(graph: &Graph, v: ValueRef, local_scope: bool) -> String {
    let start = match v {
        ValueRef::Result(o, _) => Some(graph.parent_op(o).unwrap_or(o)),
        ValueRef::Argument(b, _) => graph.parent_op_of_block(b),
    };
    let Some(mut root) = start else {
        return "<<UNKNOWN SSA VALUE>>".into();
    };
    if !local_scope {
        while let Some(p) = graph.parent_op(root) {
            root = p;
        }
    }
    let names = Names::of(graph, root, false);
    names
        .values
        .get(&v)
        .map_or_else(|| "<<UNKNOWN SSA VALUE>>".into(), |n| format!("%{n}"))
}

struct Names {
    values: HashMap<ValueRef, String>,
    blocks: HashMap<BlockId, usize>,
    // Operations whose results are named in groups (`%sum, %overflow`).
    groups: HashMap<OpId, Vec<(String, usize)>>,
}

impl Names {
    /// Names values as MLIR does: regions are numbered after the region holding them,
    /// innermost last-pushed first; each region starts from the counters its parent
    /// region left; an isolated operation's regions start afresh.
    fn of(graph: &Graph, root: OpId, generic: bool) -> Names {
        let mut names = Names {
            values: HashMap::default(),
            blocks: HashMap::default(),
            groups: HashMap::default(),
        };
        let fresh = Counters::fresh;
        let mut top = fresh();
        names.results(graph, root, &mut top, generic);
        // Each region starts from the counters its parent region left, so sibling regions
        // (and sibling functions) reuse numbers; in generic form MLIR never rewinds them, so
        // numbers run on through the whole operation.
        let mut stack: Vec<(RegionId, Counters)> = Vec::new();
        for r in graph.op(root).regions.iter().rev() {
            stack.push((*r, fresh()));
        }
        let mut running = fresh();
        while let Some((region, mut c)) = stack.pop() {
            if generic {
                c = std::mem::replace(&mut running, fresh());
            }
            let blocks = &graph.region(region).blocks;
            for (i, b) in blocks.iter().enumerate() {
                names.blocks.insert(*b, i);
                let n = graph.block(*b).arguments.len() as u32;
                for k in 0..n {
                    let name = if i == 0 {
                        c.argument += 1;
                        format!("arg{}", c.argument - 1)
                    } else {
                        c.next_value().to_string()
                    };
                    names.values.insert(ValueRef::Argument(*b, k), name);
                }
                for o in &graph.block(*b).operations {
                    names.results(graph, *o, &mut c, generic);
                }
            }
            for b in blocks {
                for o in &graph.block(*b).operations {
                    for r in &graph.op(*o).regions {
                        let inner = Counters {
                            value: c.value,
                            argument: c.argument,
                            conflict: c.conflict,
                            used: c.used.clone(),
                        };
                        stack.push((*r, inner));
                    }
                }
            }
            if generic {
                running = c;
            }
        }
        names
    }

    fn results(&mut self, graph: &Graph, op: OpId, c: &mut Counters, generic: bool) {
        let data = graph.op(op);
        if data.results.is_empty() {
            return;
        }
        if let (false, Some(names)) = (generic, formats::result_names(&data.name)) {
            let n = data.results.len();
            let sizes: Vec<usize> = if data.name == "memref.extract_strided_metadata" {
                let rank = n.saturating_sub(2) / 2;
                vec![1, 1, rank, rank]
            } else {
                vec![1; names.len()]
            };
            if sizes.iter().sum::<usize>() == n {
                let mut groups = Vec::new();
                let mut k = 0u32;
                for (wanted, size) in names.iter().zip(sizes) {
                    if size == 0 {
                        continue;
                    }
                    let mut name = wanted.to_string();
                    while c.used.contains(&name) {
                        name = format!("{wanted}_{}", c.next_conflict());
                    }
                    c.used.insert(name.clone());
                    for i in 0..size {
                        let v = if size == 1 {
                            name.clone()
                        } else {
                            format!("{name}#{i}")
                        };
                        self.values.insert(ValueRef::Result(op, k), v);
                        k += 1;
                    }
                    groups.push((name, size));
                }
                self.groups.insert(op, groups);
                return;
            }
        }
        let base = match (generic, constant_name(graph, op)) {
            (false, Some(wanted)) => {
                let mut name = wanted.clone();
                while c.used.contains(&name) {
                    name = format!("{wanted}_{}", c.next_conflict());
                }
                c.used.insert(name.clone());
                name
            }
            _ => c.next_value().to_string(),
        };
        if data.results.len() == 1 {
            self.values.insert(ValueRef::Result(op, 0), base);
        } else {
            for i in 0..data.results.len() as u32 {
                self.values
                    .insert(ValueRef::Result(op, i), format!("{base}#{i}"));
            }
        }
    }
}

/// The naming state a region starts from.
struct Counters {
    value: usize,
    argument: usize,
    conflict: usize,
    used: HashSet<String>,
}

impl Counters {
    fn fresh() -> Counters {
        Counters {
            value: 0,
            argument: 0,
            conflict: 0,
            used: HashSet::default(),
        }
    }

    fn next_value(&mut self) -> usize {
        self.value += 1;
        self.value - 1
    }

    fn next_conflict(&mut self) -> usize {
        self.conflict += 1;
        self.conflict - 1
    }
}

/// `arith.constant`'s result name, as its dialect suggests it (`%c1_i32`, `%true`,
/// `%cst`).
fn constant_name(graph: &Graph, op: OpId) -> Option<String> {
    if let Some(n) = formats::result_name(&graph.op(op).name) {
        return (graph.op(op).results.len() == 1).then(|| n.to_string());
    }
    match (graph.op(op).name.as_str(), graph.attribute(op, "value")) {
        ("index.constant", Some(Attribute::Integer { value, .. })) => {
            return Some(format!("idx{value}"))
        }
        ("index.bool.constant", Some(Attribute::Bool(b))) => return Some(b.to_string()),
        ("arith.constant", _) => {}
        _ => return None,
    }
    Some(match graph.attribute(op, "value")? {
        Attribute::Bool(b) => b.to_string(),
        Attribute::Integer { value, ty } => {
            let digits = value.to_string();
            match ty {
                Ty::Index => format!("c{digits}"),
                Ty::Integer { width: 1, .. } => (*value != 0).to_string(),
                t => format!("c{digits}_{t}"),
            }
        }
        _ => "cst".into(),
    })
}

pub(super) struct Printer<'g> {
    pub(super) graph: &'g Graph,
    names: Names,
    pub(super) options: PrintOptions,
    pub(super) out: String,
    pub(super) indent: usize,
    // The operation the print started from.
    root: OpId,
}

impl Printer<'_> {
    pub(super) fn value(&self, v: ValueRef) -> String {
        match self.names.values.get(&v) {
            Some(n) => format!("%{n}"),
            None => "<<UNKNOWN SSA VALUE>>".into(),
        }
    }

    pub(super) fn values(&self, vs: &[ValueRef]) -> String {
        vs.iter()
            .map(|v| self.value(*v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(super) fn block_name(&self, b: BlockId) -> String {
        match self.names.blocks.get(&b) {
            Some(i) => format!("^bb{i}"),
            None => "<<UNKNOWN BLOCK>>".into(),
        }
    }

    pub(super) fn types(&self, vs: &[ValueRef]) -> String {
        vs.iter()
            .map(|v| self.graph.value_type(*v).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn location(&mut self, loc: &str) {
        if self.options.pretty_debug_info {
            let _ = write!(self.out, " {}", pretty_location(loc));
        } else if self.options.debug_info {
            let _ = write!(self.out, " loc({loc})");
        }
    }

    pub(super) fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn operation(&mut self, op: OpId) {
        let data = self.graph.op(op);
        if let Some(groups) = self.names.groups.get(&op) {
            let list: Vec<String> = groups
                .iter()
                .map(|(n, k)| {
                    if *k == 1 {
                        format!("%{n}")
                    } else {
                        format!("%{n}:{k}")
                    }
                })
                .collect();
            let _ = write!(self.out, "{} = ", list.join(", "));
        } else if !data.results.is_empty() {
            let first = self.value(ValueRef::Result(op, 0));
            let base = first.split('#').next().unwrap_or(&first).to_string();
            if data.results.len() == 1 {
                let _ = write!(self.out, "{base} = ");
            } else {
                let _ = write!(self.out, "{base}:{} = ", data.results.len());
            }
        }
        let custom = match formats::format_of(&data.name) {
            Some(f)
                if !self.options.generic && formats::shape_error(self.graph, op, f).is_none() =>
            {
                Some(f)
            }
            _ => None,
        };
        match custom {
            Some(f) => self.custom(op, f),
            None => self.generic(op),
        }
        let loc = data.location.clone();
        self.location(&loc);
    }

    fn generic(&mut self, op: OpId) {
        let data = self.graph.op(op);
        let _ = write!(
            self.out,
            "{}({})",
            super::quoted(&data.name),
            self.values(&data.operands)
        );
        if !data.successors.is_empty() {
            let s: Vec<String> = data
                .successors
                .iter()
                .map(|b| self.block_name(*b))
                .collect();
            let _ = write!(self.out, "[{}]", s.join(", "));
        }
        let registered = formats::is_registered(&data.name);
        let inherent = formats::inherent(&data.name);
        let (props, rest): (Vec<_>, Vec<_>) = data
            .attributes
            .iter()
            .cloned()
            .partition(|(k, _)| registered && inherent.contains(&k.as_str()));
        if !props.is_empty() {
            let _ = write!(self.out, " <{}>", dictionary(props));
        } else if let Some(p) = &data.properties {
            let _ = write!(self.out, " <{p}>");
        }
        if !data.regions.is_empty() {
            self.out.push_str(" (");
            for (i, r) in data.regions.clone().into_iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, true, true, true);
            }
            self.out.push(')');
        }
        if !rest.is_empty() {
            let _ = write!(self.out, " {}", dictionary(rest));
        }
        let ty = Ty::Function {
            inputs: data
                .operands
                .iter()
                .map(|v| self.graph.value_type(*v).clone())
                .collect(),
            results: data.results.clone(),
        };
        let _ = write!(self.out, " : {ty}");
    }

    /// `{ blocks }`, its entry block's header shown when asked and it has arguments, or
    /// when it is empty and `empty_header`.
    pub(super) fn region(
        &mut self,
        r: RegionId,
        entry_args: bool,
        terminators: bool,
        empty_header: bool,
    ) {
        self.out.push('{');
        let blocks = self.graph.region(r).blocks.clone();
        for (i, b) in blocks.iter().enumerate() {
            let block = self.graph.block(*b);
            let header = i > 0
                || (entry_args && !block.arguments.is_empty())
                || (empty_header && block.operations.is_empty());
            if header {
                self.out.push('\n');
                for _ in 0..self.indent {
                    self.out.push_str("  ");
                }
                self.block_header(*b, &blocks);
            }
            self.indent += 1;
            let ops = block.operations.clone();
            let n = ops.len();
            for (k, o) in ops.into_iter().enumerate() {
                if !terminators && k + 1 == n && formats::is_terminator(&self.graph.op(o).name) {
                    continue;
                }
                self.newline();
                self.operation(o);
            }
            self.indent -= 1;
        }
        self.newline();
        self.out.push('}');
    }

    fn block_header(&mut self, b: BlockId, siblings: &[BlockId]) {
        let name = self.block_name(b);
        self.out.push_str(&name);
        let args = self.graph.block(b).arguments.clone();
        if !args.is_empty() {
            self.out.push('(');
            for (k, (ty, loc)) in args.iter().enumerate() {
                if k > 0 {
                    self.out.push_str(", ");
                }
                let v = self.value(ValueRef::Argument(b, k as u32));
                let _ = write!(self.out, "{v}: {ty}");
                self.location(loc);
            }
            self.out.push(')');
        }
        self.out.push(':');
        // Predecessors, in block order, as MLIR comments them.
        let mut preds = Vec::new();
        for s in siblings {
            if let Some(last) = self.graph.block(*s).operations.last() {
                for succ in &self.graph.op(*last).successors {
                    if *succ == b {
                        preds.push(*s);
                    }
                }
            }
        }
        let is_entry = siblings.first() == Some(&b);
        if preds.is_empty() {
            if !is_entry {
                self.out.push_str("  // no predecessors");
            }
        } else if preds.len() == 1 {
            let _ = write!(self.out, "  // pred: {}", self.block_name(preds[0]));
        } else {
            let mut ids: Vec<usize> = preds
                .iter()
                .filter_map(|p| self.names.blocks.get(p).copied())
                .collect();
            ids.sort();
            let list: Vec<String> = ids.iter().map(|i| format!("^bb{i}")).collect();
            let _ = write!(self.out, "  // {} preds: {}", ids.len(), list.join(", "));
        }
    }

    /// The attributes the custom form does not show itself, as a dictionary; None if
    /// there are none.
    fn unshown(&self, op: OpId, shown: &[&str]) -> Option<Attribute> {
        let rest: Vec<_> = self
            .graph
            .op(op)
            .attributes
            .iter()
            .filter(|(k, _)| !shown.contains(&k.as_str()))
            .cloned()
            .collect();
        (!rest.is_empty()).then(|| dictionary(rest))
    }

    pub(super) fn attr_dict(&mut self, op: OpId, shown: &[&str]) {
        if let Some(d) = self.unshown(op, shown) {
            let _ = write!(self.out, " {d}");
        }
    }

    fn name_in_context(&self, op: OpId) -> String {
        let name = &self.graph.op(op).name;
        // The operation printed first starts the dialect stack at `builtin`, as MLIR's
        // printer does: `func.return` printed alone keeps its dialect.
        let parent = match self.graph.parent_op(op) {
            Some(p) if op != self.root => self.graph.op(p).name.clone(),
            _ => String::new(),
        };
        let dialect = formats::default_dialect(&parent);
        match name.strip_prefix(dialect).and_then(|n| n.strip_prefix('.')) {
            Some(short) => short.to_string(),
            None => name.clone(),
        }
    }

    fn custom(&mut self, op: OpId, format: Format) {
        let g = self.graph;
        let data = g.op(op);
        let ops = &data.operands;
        let name = self.name_in_context(op);
        self.out.push_str(&name);
        match format {
            Format::Module => self.module(op),
            Format::Function => self.function(op),
            Format::Return => {
                self.attr_dict(op, &[]);
                if !ops.is_empty() {
                    let _ = write!(self.out, " {} : {}", self.values(ops), self.types(ops));
                }
            }
            Format::Call => {
                let callee = g
                    .attribute(op, "callee")
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let _ = write!(self.out, " {callee}({})", self.values(ops));
                self.attr_dict(op, &["callee"]);
                let ty = Ty::Function {
                    inputs: ops.iter().map(|v| g.value_type(*v).clone()).collect(),
                    results: data.results.clone(),
                };
                let _ = write!(self.out, " : {ty}");
            }
            Format::Constant => {
                self.attr_dict(op, &["value"]);
                let v = g
                    .attribute(op, "value")
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let _ = write!(self.out, " {v}");
            }
            Format::Binary | Format::Unary => {
                let _ = write!(self.out, " {}", self.values(ops));
                self.flags(op);
                self.attr_dict(op, &["overflowFlags", "fastmath"]);
                let _ = write!(self.out, " : {}", data.results[0]);
            }
            Format::Compare => {
                let table = formats::predicates(&data.name);
                let p = match g.attribute(op, "predicate") {
                    Some(Attribute::Integer { value, .. }) => {
                        table.get(*value as usize).copied().unwrap_or("?")
                    }
                    _ => "?",
                };
                let _ = write!(self.out, " {p}, {}", self.values(ops));
                self.flags(op);
                self.attr_dict(op, &["predicate", "fastmath"]);
                let _ = write!(self.out, " : {}", g.value_type(ops[0]));
            }
            Format::Cast | Format::Copy => {
                let _ = write!(self.out, " {}", self.values(ops));
                self.attr_dict(op, &[]);
                let to = match format {
                    Format::Copy => g.value_type(ops[1]).clone(),
                    _ => data.results[0].clone(),
                };
                let _ = write!(self.out, " : {} to {to}", g.value_type(ops[0]));
            }
            Format::Select => {
                let _ = write!(self.out, " {}", self.values(ops));
                self.attr_dict(op, &[]);
                let cond = g.value_type(ops[0]);
                if *cond == Ty::int(1) {
                    let _ = write!(self.out, " : {}", data.results[0]);
                } else {
                    let _ = write!(self.out, " : {cond}, {}", data.results[0]);
                }
            }
            Format::Branch => {
                let s = self.successor(data.successors[0], ops);
                let _ = write!(self.out, " {s}");
                self.attr_dict(op, &[]);
            }
            Format::CondBranch => {
                let (a, b) = formats::segment_split(g, op);
                let first = self.successor(data.successors[0], &ops[1..1 + a]);
                let second = self.successor(data.successors[1], &ops[1 + a..1 + a + b]);
                let _ = write!(self.out, " {}, {first}, {second}", self.value(ops[0]));
                self.attr_dict(op, &["operandSegmentSizes"]);
            }
            Format::Assert => {
                let msg = g
                    .attribute(op, "msg")
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let _ = write!(self.out, " {}, {msg}", self.value(ops[0]));
                self.attr_dict(op, &["msg"]);
            }
            Format::Alloc => {
                let (dynamic, _) = formats::segment_split(g, op);
                let _ = write!(self.out, "({})", self.values(&ops[..dynamic]));
                if ops.len() > dynamic {
                    let _ = write!(self.out, "[{}]", self.values(&ops[dynamic..]));
                }
                self.attr_dict(op, &["operandSegmentSizes"]);
                let _ = write!(self.out, " : {}", data.results[0]);
            }
            Format::Dealloc => {
                let _ = write!(self.out, " {}", self.value(ops[0]));
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : {}", g.value_type(ops[0]));
            }
            Format::Load | Format::Store => {
                let k = usize::from(format == Format::Store);
                let head = self.values(&ops[..k + 1]);
                let _ = write!(self.out, " {head}[{}]", self.values(&ops[k + 1..]));
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : {}", g.value_type(ops[k]));
            }
            Format::Dim => {
                let _ = write!(self.out, " {}", self.values(ops));
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : {}", g.value_type(ops[0]));
            }
            other => self.custom_more(op, other),
        }
    }

    pub(super) fn flags(&mut self, op: OpId) {
        for key in ["overflowFlags", "fastmath"] {
            if let Some(Attribute::Opaque { data, .. }) = self.graph.attribute(op, key) {
                if !data.ends_with("<none>") {
                    let _ = write!(self.out, " {data}");
                }
            }
        }
    }

    pub(super) fn successor(&self, b: BlockId, args: &[ValueRef]) -> String {
        let name = self.block_name(b);
        if args.is_empty() {
            name
        } else {
            format!("{name}({} : {})", self.values(args), self.types(args))
        }
    }

    fn module(&mut self, op: OpId) {
        let g = self.graph;
        if let Some(Attribute::String { value, .. }) = g.attribute(op, "sym_visibility") {
            let _ = write!(self.out, " {value}");
        }
        if let Some(Attribute::String { value, .. }) = g.attribute(op, "sym_name") {
            let _ = write!(self.out, " {}", Attribute::SymbolRef(vec![value.clone()]));
        }
        self.attributes_keyword(op, &["sym_name", "sym_visibility"]);
        self.out.push(' ');
        let r = g.op(op).regions[0];
        self.region(r, false, false, false);
    }

    pub(super) fn attributes_keyword(&mut self, op: OpId, shown: &[&str]) {
        if let Some(d) = self.unshown(op, shown) {
            let _ = write!(self.out, " attributes {d}");
        }
    }

    fn function(&mut self, op: OpId) {
        let g = self.graph;
        if let Some(Attribute::String { value, .. }) = g.attribute(op, "sym_visibility") {
            let _ = write!(self.out, " {value}");
        }
        if let Some(Attribute::String { value, .. }) = g.attribute(op, "sym_name") {
            let _ = write!(self.out, " {}", Attribute::SymbolRef(vec![value.clone()]));
        }
        let Some(Attribute::Type(Ty::Function { inputs, results })) =
            g.attribute(op, "function_type")
        else {
            return;
        };
        let per = |key: &str, i: usize| -> String {
            match g.attribute(op, key) {
                Some(Attribute::Array(items)) => match items.get(i) {
                    Some(Attribute::Dictionary(d)) if !d.is_empty() => {
                        format!(" {}", dictionary(d.clone()))
                    }
                    _ => String::new(),
                },
                _ => String::new(),
            }
        };
        let region = g.op(op).regions[0];
        let entry = g.region(region).blocks.first().copied();
        self.out.push('(');
        for (i, t) in inputs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            match entry {
                Some(b) => {
                    let v = self.value(ValueRef::Argument(b, i as u32));
                    let _ = write!(self.out, "{v}: {t}{}", per("arg_attrs", i));
                    let loc = g
                        .block(b)
                        .arguments
                        .get(i)
                        .map(|a| a.1.clone())
                        .unwrap_or_default();
                    self.location(&loc);
                }
                None => {
                    let _ = write!(self.out, "{t}{}", per("arg_attrs", i));
                }
            }
        }
        self.out.push(')');
        let with_attrs = results
            .iter()
            .enumerate()
            .any(|(i, _)| !per("res_attrs", i).is_empty());
        match results.len() {
            0 => {}
            1 if !with_attrs && !matches!(results[0], Ty::Function { .. }) => {
                let _ = write!(self.out, " -> {}", results[0]);
            }
            _ => {
                let rs: Vec<String> = results
                    .iter()
                    .enumerate()
                    .map(|(i, t)| format!("{t}{}", per("res_attrs", i)))
                    .collect();
                let _ = write!(self.out, " -> ({})", rs.join(", "));
            }
        }
        self.attributes_keyword(
            op,
            &[
                "sym_name",
                "function_type",
                "sym_visibility",
                "arg_attrs",
                "res_attrs",
            ],
        );
        if entry.is_some() {
            self.out.push(' ');
            self.region(region, false, true, false);
        }
    }
}

/// A dictionary attribute of these entries, sorted by name as MLIR keeps it.
fn dictionary(mut entries: Vec<(String, Attribute)>) -> Attribute {
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    Attribute::Dictionary(entries)
}

/// A location as `pretty_debug_info` prints it: a file location's `file:line:col` bare.
fn pretty_location(loc: &str) -> String {
    match loc.strip_prefix('"').and_then(|l| l.split_once("\":")) {
        Some((file, rest)) => format!("{file}:{rest}"),
        None => loc.to_string(),
    }
}
