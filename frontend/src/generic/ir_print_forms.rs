//! Printing the custom forms of memref's views and globals, math, index, `cf.switch` and
//! the rest of kiln's language: the counterpart of `ir_forms.rs`.

use std::fmt::Write;

use super::formats::{self, Format};
use super::graph::OpId;
use super::ir_forms::{array_values, poison, DYNAMIC};
use super::ir_print::Printer;
use super::Attribute;

impl Printer<'_> {
    pub(super) fn custom_more(&mut self, op: OpId, format: Format) {
        let g = self.graph;
        let data = g.op(op);
        let ops = &data.operands;
        let ty = |i: usize| g.value_type(ops[i]).to_string();
        let result = |i: usize| data.results[i].to_string();
        match format {
            Format::Rank | Format::ExtractPointer | Format::ExtractMetadata => {
                let _ = write!(self.out, " {}", self.value(ops[0]));
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : {}", ty(0));
                if format != Format::Rank {
                    let rs: Vec<String> = data.results.iter().map(|t| t.to_string()).collect();
                    let _ = write!(self.out, " -> {}", rs.join(", "));
                }
            }
            Format::GetGlobal | Format::FuncConstant => {
                let key = if format == Format::GetGlobal {
                    "name"
                } else {
                    "value"
                };
                let sym = g
                    .attribute(op, key)
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let _ = write!(self.out, " {sym}");
                self.attr_dict(op, &[key]);
                let _ = write!(self.out, " : {}", result(0));
            }
            Format::Global => self.global(op),
            Format::Extended => {
                let _ = write!(self.out, " {}", self.values(ops));
                self.attr_dict(op, &[]);
                if data.name == "arith.addui_extended" {
                    let _ = write!(self.out, " : {}, {}", result(0), result(1));
                } else {
                    let _ = write!(self.out, " : {}", result(0));
                }
            }
            Format::Poison => {
                match g.attribute(op, "value") {
                    Some(v) if *v != poison() => {
                        let _ = write!(self.out, " <{v}>");
                    }
                    _ => {}
                }
                self.attr_dict(op, &["value"]);
                let _ = write!(self.out, " : {}", result(0));
            }
            Format::Math => {
                let _ = write!(self.out, " {}", self.values(ops));
                self.flags(op);
                self.attr_dict(op, &["fastmath"]);
                let _ = write!(self.out, " : {}", ty(0));
                let last = ops.len() - 1;
                if g.value_type(ops[last]) != g.value_type(ops[0]) {
                    let _ = write!(self.out, ", {}", ty(last));
                }
            }
            Format::IndexBinary => {
                let _ = write!(self.out, " {}", self.values(ops));
                self.attr_dict(op, &[]);
            }
            Format::IndexCmp => {
                let pred = match g.attribute(op, "pred") {
                    Some(Attribute::Opaque { data, .. }) => {
                        data.trim_start_matches("cmp_predicate").trim().to_string()
                    }
                    _ => "?".into(),
                };
                let _ = write!(self.out, " {pred}({})", self.values(ops));
                self.attr_dict(op, &["pred"]);
            }
            Format::IndexConstant => {
                self.attr_dict(op, &["value"]);
                let v = match g.attribute(op, "value") {
                    Some(Attribute::Integer { value, .. }) => value.to_string(),
                    Some(other) => other.to_string(),
                    None => String::new(),
                };
                let _ = write!(self.out, " {v}");
            }
            Format::IndexSizeof => self.attr_dict(op, &[]),
            Format::AssumeAlignment => {
                let n = match g.attribute(op, "alignment") {
                    Some(Attribute::Integer { value, .. }) => *value,
                    _ => 0,
                };
                let _ = write!(self.out, " {}, {n}", self.value(ops[0]));
                self.attr_dict(op, &["alignment"]);
                let _ = write!(self.out, " : {}", ty(0));
            }
            Format::AtomicRmw => {
                let kind = match g.attribute(op, "kind") {
                    Some(Attribute::Integer { value, .. }) => {
                        formats::ATOMIC_KINDS[*value as usize]
                    }
                    _ => "?",
                };
                let _ = write!(
                    self.out,
                    " {kind} {}, {}[{}]",
                    self.value(ops[0]),
                    self.value(ops[1]),
                    self.values(&ops[2..])
                );
                self.attr_dict(op, &["kind"]);
                let _ = write!(self.out, " : ({}, {}) -> {}", ty(0), ty(1), result(0));
            }
            Format::View => {
                let _ = write!(
                    self.out,
                    " {}[{}][{}]",
                    self.value(ops[0]),
                    self.value(ops[1]),
                    self.values(&ops[2..])
                );
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : {} to {}", ty(0), result(0));
            }
            Format::Transpose => {
                let map = match g.attribute(op, "permutation") {
                    Some(Attribute::AffineMap(m)) => m.to_string(),
                    _ => String::new(),
                };
                let _ = write!(self.out, " {} {map}", self.value(ops[0]));
                self.attr_dict(op, &["permutation"]);
                let _ = write!(self.out, " : {} to {}", ty(0), result(0));
            }
            Format::Realloc => {
                let _ = write!(self.out, " {}", self.value(ops[0]));
                if ops.len() > 1 {
                    let _ = write!(self.out, "({})", self.value(ops[1]));
                }
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : {} to {}", ty(0), result(0));
            }
            Format::ExpandShape | Format::CollapseShape => {
                let re = g
                    .attribute(op, "reassociation")
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let _ = write!(self.out, " {} {re}", self.value(ops[0]));
                if format == Format::ExpandShape {
                    let statics = array_values(g.attribute(op, "static_output_shape"));
                    let list = self.mixed(&statics, &ops[1..]);
                    let _ = write!(self.out, " output_shape {list}");
                }
                self.attr_dict(op, &["reassociation", "static_output_shape"]);
                let _ = write!(self.out, " : {} into {}", ty(0), result(0));
            }
            Format::Subview | Format::ReinterpretCast => {
                let seg = array_values(g.attribute(op, "operandSegmentSizes"));
                let mut at = 1usize;
                let mut lists = Vec::new();
                for (k, key) in ["static_offsets", "static_sizes", "static_strides"]
                    .iter()
                    .enumerate()
                {
                    let n = seg[k + 1] as usize;
                    let statics = array_values(g.attribute(op, key));
                    lists.push(self.mixed(&statics, &ops[at..at + n]));
                    at += n;
                }
                if format == Format::Subview {
                    let _ = write!(
                        self.out,
                        " {}{} {} {}",
                        self.value(ops[0]),
                        lists[0],
                        lists[1],
                        lists[2]
                    );
                } else {
                    let _ = write!(
                        self.out,
                        " {} to offset: {}, sizes: {}, strides: {}",
                        self.value(ops[0]),
                        lists[0],
                        lists[1],
                        lists[2]
                    );
                }
                self.attr_dict(
                    op,
                    &[
                        "operandSegmentSizes",
                        "static_offsets",
                        "static_sizes",
                        "static_strides",
                    ],
                );
                let _ = write!(self.out, " : {} to {}", ty(0), result(0));
            }
            Format::Reshape => {
                let _ = write!(self.out, " {}({})", self.value(ops[0]), self.value(ops[1]));
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : ({}, {}) -> {}", ty(0), ty(1), result(0));
            }
            Format::AllocaScope => {
                // MLIR prints two spaces after the name.
                self.out.push(' ');
                if !data.results.is_empty() {
                    let rs: Vec<String> = data.results.iter().map(|t| t.to_string()).collect();
                    let _ = write!(self.out, " -> ({})", rs.join(", "));
                }
                let region = data.regions[0];
                let last = g
                    .region(region)
                    .blocks
                    .first()
                    .and_then(|b| g.block(*b).operations.last().copied());
                let bare_end = last.is_some_and(|o| {
                    g.op(o).name == "memref.alloca_scope.return" && g.op(o).operands.is_empty()
                });
                self.out.push(' ');
                self.region(region, false, !bare_end, false);
                self.attr_dict(op, &[]);
            }
            Format::GenericAtomicRmw => {
                let _ = write!(
                    self.out,
                    " {}[{}] : {}",
                    self.value(ops[0]),
                    self.values(&ops[1..]),
                    ty(0)
                );
                self.out.push(' ');
                self.region(data.regions[0], true, true, false);
                self.attr_dict(op, &[]);
            }
            Format::Switch => self.switch(op),
            Format::CallIndirect => {
                let _ = write!(
                    self.out,
                    " {}({})",
                    self.value(ops[0]),
                    self.values(&ops[1..])
                );
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " : {}", ty(0));
            }
            _ => {}
        }
    }

    /// `[%a, 4, %b]`: the static list with each dynamic entry's value in its place.
    fn mixed(&self, statics: &[i128], values: &[super::graph::ValueRef]) -> String {
        let mut next = values.iter();
        let items: Vec<String> = statics
            .iter()
            .map(|s| {
                if *s == DYNAMIC {
                    next.next().map(|v| self.value(*v)).unwrap_or_default()
                } else {
                    s.to_string()
                }
            })
            .collect();
        format!("[{}]", items.join(", "))
    }

    fn global(&mut self, op: OpId) {
        let g = self.graph;
        if let Some(Attribute::String { value, .. }) = g.attribute(op, "sym_visibility") {
            let _ = write!(self.out, " {}", super::quoted(value));
        }
        if g.attribute(op, "constant").is_some() {
            self.out.push_str(" constant");
        }
        if let Some(Attribute::String { value, .. }) = g.attribute(op, "sym_name") {
            let _ = write!(self.out, " {}", Attribute::SymbolRef(vec![value.clone()]));
        }
        if let Some(Attribute::Type(t)) = g.attribute(op, "type") {
            let _ = write!(self.out, " : {t}");
        }
        match g.attribute(op, "initial_value") {
            Some(Attribute::Unit) => self.out.push_str(" = uninitialized"),
            Some(a @ Attribute::DenseElements { .. }) => {
                // The value's type is the memref's shape as a tensor: MLIR leaves it out.
                let text = a.to_string();
                let body = text.rsplit_once(" : ").map_or(text.as_str(), |(b, _)| b);
                let _ = write!(self.out, " = {body}");
            }
            Some(other) => {
                let _ = write!(self.out, " = {other}");
            }
            None => {}
        }
        self.attr_dict(
            op,
            &[
                "sym_visibility",
                "constant",
                "sym_name",
                "type",
                "initial_value",
            ],
        );
    }

    fn switch(&mut self, op: OpId) {
        let g = self.graph;
        let data = g.op(op);
        let ops = &data.operands;
        let seg = array_values(g.attribute(op, "operandSegmentSizes"));
        let counts = array_values(g.attribute(op, "case_operand_segments"));
        // Equal case values are held as a splat: one value for the vector's length.
        let cases: Vec<i128> = match g.attribute(op, "case_values") {
            Some(Attribute::DenseElements {
                elements: super::Elements::Ints(v),
                ty,
            }) => {
                let n = ty.element_count().unwrap_or(v.len() as i64) as usize;
                if v.len() == 1 {
                    vec![v[0]; n]
                } else {
                    v.clone()
                }
            }
            _ => Vec::new(),
        };
        let _ = write!(
            self.out,
            " {} : {}, [",
            self.value(ops[0]),
            g.value_type(ops[0])
        );
        self.indent += 1;
        self.newline();
        let default_end = 1 + seg[1] as usize;
        let first = self.successor(data.successors[0], &ops[1..default_end]);
        let _ = write!(self.out, "default: {first}");
        let mut at = default_end;
        for (k, case) in cases.iter().enumerate() {
            let n = counts.get(k).copied().unwrap_or(0) as usize;
            let s = self.successor(data.successors[k + 1], &ops[at..at + n]);
            at += n;
            self.out.push(',');
            self.newline();
            let _ = write!(self.out, "{case}: {s}");
        }
        self.indent -= 1;
        if !cases.is_empty() {
            self.newline();
        }
        self.out.push(']');
        self.attr_dict(
            op,
            &[
                "case_values",
                "case_operand_segments",
                "operandSegmentSizes",
            ],
        );
    }
}
