//! The custom forms of the operations [`formats`](super::formats) knows, read into a
//! [`Graph`](super::graph::Graph) by the [`Reader`].

use super::formats::{self, Format};
use super::graph::OpId;
use super::ir_read::{Reader, Use};
use super::{Attribute, SyntaxError, Ty};

impl Reader<'_, '_> {
    /// The custom form of a known operation.
    pub(super) fn custom(
        &mut self,
        name: &str,
        format: Format,
        at: usize,
    ) -> Result<OpId, SyntaxError> {
        let mut attrs = Vec::new();
        let mut successors = Vec::new();
        let (uses, types, results): (Vec<Use>, Vec<Ty>, Vec<Ty>) = match format {
            Format::Module | Format::Function => return self.container(name, format),
            Format::Return => {
                let uses = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                let types = if uses.is_empty() {
                    vec![]
                } else {
                    self.expect(":")?;
                    self.type_list(uses.len())?
                };
                (uses, types, vec![])
            }
            Format::Call => {
                let callee = self.sigil_name('@')?;
                attrs.push(("callee".into(), Attribute::SymbolRef(vec![callee])));
                self.expect("(")?;
                let uses = self.operand_names()?;
                self.expect(")")?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let (inputs, results) = self.function_type()?;
                (uses, inputs, results)
            }
            Format::Constant => {
                self.attr_dict(&mut attrs)?;
                let value = self.attribute()?;
                let ty =
                    typed(&value).ok_or_else(|| self.error("the constant's value has no type"))?;
                attrs.push(("value".into(), value));
                (vec![], vec![], vec![ty])
            }
            Format::Binary | Format::Unary => {
                let uses = self.operand_names()?;
                self.flags(&mut attrs)?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let ty = self.ty()?;
                (uses.clone(), vec![ty.clone(); uses.len()], vec![ty])
            }
            Format::Compare => {
                let p = match self.word() {
                    Some(w) => w.to_string(),
                    None => self
                        .string()
                        .map_err(|_| self.error("expected a predicate"))?,
                };
                let table = formats::predicates(name);
                let n = table
                    .iter()
                    .position(|x| *x == p)
                    .ok_or_else(|| self.error(format!("unknown predicate `{p}`")))?;
                attrs.push((
                    "predicate".into(),
                    Attribute::Integer {
                        value: n as i128,
                        ty: Ty::int(64),
                    },
                ));
                self.expect(",")?;
                let uses = self.operand_names()?;
                self.flags(&mut attrs)?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let ty = self.ty()?;
                let i1 = shaped_like(&ty, Ty::int(1));
                (uses, vec![ty.clone(), ty], vec![i1])
            }
            Format::Cast | Format::Copy => {
                let uses = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let from = self.ty()?;
                if !self.keyword("to") {
                    return Err(self.error("expected `to`"));
                }
                let to = self.ty()?;
                if format == Format::Copy {
                    (uses, vec![from, to], vec![])
                } else {
                    (uses, vec![from], vec![to])
                }
            }
            Format::Select => {
                let uses = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let first = self.ty()?;
                let (cond, ty) = if self.eat(",") {
                    (first, self.ty()?)
                } else {
                    (Ty::int(1), first)
                };
                (uses, vec![cond, ty.clone(), ty.clone()], vec![ty])
            }
            Format::Branch => {
                successors.push(self.block_ref()?);
                let (uses, types) = self.successor_operands()?;
                self.attr_dict(&mut attrs)?;
                (uses, types, vec![])
            }
            Format::CondBranch => {
                let mut uses = self.operand_names()?;
                let mut types = vec![Ty::int(1)];
                self.expect(",")?;
                successors.push(self.block_ref()?);
                let (u1, t1) = self.successor_operands()?;
                self.expect(",")?;
                successors.push(self.block_ref()?);
                let (u2, t2) = self.successor_operands()?;
                attrs.push((
                    "operandSegmentSizes".into(),
                    segments(&[1, u1.len(), u2.len()]),
                ));
                uses.extend(u1.into_iter().chain(u2));
                types.extend(t1.into_iter().chain(t2));
                self.attr_dict(&mut attrs)?;
                (uses, types, vec![])
            }
            Format::Assert => {
                let uses = self.operand_names()?;
                self.expect(",")?;
                let msg = self.string()?;
                attrs.push((
                    "msg".into(),
                    Attribute::String {
                        value: msg,
                        ty: None,
                    },
                ));
                self.attr_dict(&mut attrs)?;
                (uses, vec![Ty::int(1)], vec![])
            }
            Format::Alloc => {
                self.expect("(")?;
                let dynamic = self.operand_names()?;
                self.expect(")")?;
                let symbols = if self.eat("[") {
                    let s = self.operand_names()?;
                    self.expect("]")?;
                    s
                } else {
                    vec![]
                };
                attrs.push((
                    "operandSegmentSizes".into(),
                    segments(&[dynamic.len(), symbols.len()]),
                ));
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let ty = self.ty()?;
                let n = dynamic.len() + symbols.len();
                (
                    dynamic.into_iter().chain(symbols).collect(),
                    vec![Ty::Index; n],
                    vec![ty],
                )
            }
            Format::Dealloc => {
                let uses = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                (uses, vec![self.ty()?], vec![])
            }
            Format::Load | Format::Store => {
                let mut uses = self.operand_names()?;
                self.expect("[")?;
                let indices = self.operand_names()?;
                self.expect("]")?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let ty = self.ty()?;
                let element = ty.element().cloned().unwrap_or(Ty::None);
                let n = indices.len();
                uses.extend(indices);
                let mut types = Vec::new();
                if format == Format::Store {
                    types.push(element.clone());
                }
                types.push(ty);
                types.extend(vec![Ty::Index; n]);
                let results = if format == Format::Load {
                    vec![element]
                } else {
                    vec![]
                };
                (uses, types, results)
            }
            Format::Dim => {
                let uses = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                (uses, vec![self.ty()?, Ty::Index], vec![Ty::Index])
            }
            _ => return self.custom_more(name, format),
        };
        let _ = at;
        let operands = self.resolve_all(&uses, &types)?;
        formats::complete(name, &mut attrs);
        Ok(self
            .graph
            .create(name, operands, results, attrs, successors, 0))
    }

    /// `overflow<nsw>` and `fastmath<fast>` after the operands.
    pub(super) fn flags(
        &mut self,
        attrs: &mut Vec<(String, Attribute)>,
    ) -> Result<(), SyntaxError> {
        for (word, attr, dialect_name) in [
            ("overflow", "overflowFlags", "overflow"),
            ("fastmath", "fastmath", "fastmath"),
        ] {
            let save = self.pos;
            if self.keyword(word) && self.peek("<") {
                let start = self.pos;
                let end = self.text[start..]
                    .find('>')
                    .ok_or_else(|| self.error("expected `>`"))?;
                let body = self.text[start + 1..start + end].trim().to_string();
                self.pos = start + end + 1;
                attrs.push((
                    attr.into(),
                    Attribute::Opaque {
                        dialect: "arith".into(),
                        data: format!("{dialect_name}<{body}>"),
                    },
                ));
            } else {
                self.pos = save;
            }
        }
        Ok(())
    }

    pub(super) fn type_list(&mut self, n: usize) -> Result<Vec<Ty>, SyntaxError> {
        let mut out = vec![self.ty()?];
        while out.len() < n && self.eat(",") {
            out.push(self.ty()?);
        }
        Ok(out)
    }

    /// `(%a, %b : i32, f32)` after a successor, or nothing.
    pub(super) fn successor_operands(&mut self) -> Result<(Vec<Use>, Vec<Ty>), SyntaxError> {
        if !self.eat("(") {
            return Ok((vec![], vec![]));
        }
        let uses = self.operand_names()?;
        self.expect(":")?;
        let types = self.type_list(uses.len())?;
        self.expect(")")?;
        Ok((uses, types))
    }

    pub(super) fn function_type(&mut self) -> Result<(Vec<Ty>, Vec<Ty>), SyntaxError> {
        let at = self.pos;
        match self.ty()? {
            Ty::Function { inputs, results } => Ok((inputs, results)),
            _ => Err(SyntaxError {
                offset: at,
                message: "expected a function type `(inputs) -> results`".into(),
            }),
        }
    }

    /// `module @name attributes {...} {...}` and `func.func private @f(...) -> ... {...}`.
    pub(super) fn container(&mut self, name: &str, format: Format) -> Result<OpId, SyntaxError> {
        let mut attrs = Vec::new();
        let save = self.pos;
        if let Some(v) = self.word() {
            if matches!(v, "private" | "public" | "nested") {
                attrs.push((
                    "sym_visibility".into(),
                    Attribute::String {
                        value: v.into(),
                        ty: None,
                    },
                ));
            } else {
                self.pos = save;
            }
        }
        let mut entry = None;
        if format == Format::Module {
            if self.peek("@") {
                let n = self.sigil_name('@')?;
                attrs.push(("sym_name".into(), Attribute::String { value: n, ty: None }));
            }
        } else {
            let n = self.sigil_name('@')?;
            attrs.push(("sym_name".into(), Attribute::String { value: n, ty: None }));
            self.expect("(")?;
            let mut args = Vec::new();
            let mut inputs = Vec::new();
            let mut arg_attrs = Vec::new();
            if !self.eat(")") {
                loop {
                    let at = self.pos;
                    let named = if self.peek("%") {
                        let n = self.sigil_name('%')?;
                        self.expect(":")?;
                        Some(n)
                    } else {
                        None
                    };
                    let ty = self.ty()?;
                    arg_attrs.push(if self.peek("{") {
                        self.dictionary()?
                    } else {
                        vec![]
                    });
                    let loc = self.loc()?.unwrap_or_else(|| self.loc_at(at));
                    if let Some(n) = named {
                        args.push((n, ty.clone(), loc, at));
                    }
                    inputs.push(ty);
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            let mut results = Vec::new();
            let mut res_attrs = Vec::new();
            if self.eat("->") {
                if self.peek("(") && !self.starts_function_type() {
                    self.expect("(")?;
                    if !self.eat(")") {
                        loop {
                            results.push(self.ty()?);
                            res_attrs.push(if self.peek("{") {
                                self.dictionary()?
                            } else {
                                vec![]
                            });
                            if self.eat(")") {
                                break;
                            }
                            self.expect(",")?;
                        }
                    }
                } else {
                    // A result written without parentheses has no attributes: a `{` after
                    // it opens the body.
                    results.push(self.ty()?);
                    res_attrs.push(vec![]);
                }
            }
            attrs.push((
                "function_type".into(),
                Attribute::Type(Ty::Function { inputs, results }),
            ));
            if arg_attrs.iter().any(|a| !a.is_empty()) {
                attrs.push(("arg_attrs".into(), dicts(arg_attrs)));
            }
            if res_attrs.iter().any(|a| !a.is_empty()) {
                attrs.push(("res_attrs".into(), dicts(res_attrs)));
            }
            entry = Some(args);
        }
        if self.keyword("attributes") {
            attrs.extend(self.dictionary()?);
        }
        let has_body = self.peek("{");
        let op = self.graph.create(name, vec![], vec![], attrs, vec![], 1);
        if has_body {
            let region = self.graph.op(op).regions[0];
            let entry = if format == Format::Module {
                None
            } else {
                entry
            };
            self.region(region, name, entry)?;
            if format == Format::Module && self.graph.region(region).blocks.is_empty() {
                let b = self.graph.new_block(vec![]);
                self.graph.attach_block(b, region, 0);
            }
        }
        Ok(op)
    }

    /// Whether the `(` ahead starts a function type `(...) -> ...` rather than a list.
    pub(super) fn starts_function_type(&mut self) -> bool {
        self.skip();
        let rest = self.rest();
        match super::ir_scan::balanced_parens(rest) {
            Some(close) => rest[close..].trim_start().starts_with("->"),
            None => false,
        }
    }
}

/// The type a constant's value gives its result.
fn typed(value: &Attribute) -> Option<Ty> {
    Some(match value {
        Attribute::Integer { ty, .. } | Attribute::Float { ty, .. } => ty.clone(),
        Attribute::Bool(_) => Ty::int(1),
        Attribute::DenseElements { ty, .. } => ty.clone(),
        _ => return None,
    })
}

/// `element` in the shape of `ty` (a vector or tensor of it), or `element` for a scalar.
fn shaped_like(ty: &Ty, element: Ty) -> Ty {
    match ty {
        Ty::Vector {
            shape, scalable, ..
        } => Ty::Vector {
            shape: shape.clone(),
            scalable: scalable.clone(),
            element: Box::new(element),
        },
        Ty::Tensor {
            shape, encoding, ..
        } => Ty::Tensor {
            shape: shape.clone(),
            element: Box::new(element),
            encoding: encoding.clone(),
        },
        _ => element,
    }
}

fn segments(sizes: &[usize]) -> Attribute {
    Attribute::DenseArray {
        element: Ty::int(32),
        elements: super::Elements::Ints(sizes.iter().map(|s| *s as i128).collect()),
    }
}

fn dicts(entries: Vec<Vec<(String, Attribute)>>) -> Attribute {
    Attribute::Array(entries.into_iter().map(Attribute::Dictionary).collect())
}
