//! The custom forms of memref's views and globals, math, index, `cf.switch` and the rest
//! of kiln's language, read into a [`Graph`](super::graph::Graph) by the [`Reader`].

use super::formats::{self, Format};
use super::graph::OpId;
use super::ir_read::{Reader, Use};
use super::{Attribute, Elements, SyntaxError, Ty};

/// What a custom form names: operands (with their types), result types, attributes,
/// successors.
type Parts = (Vec<Use>, Vec<Ty>, Vec<Ty>, Vec<(String, Attribute)>);

/// MLIR's dynamic size, offset or stride in a static list.
pub const DYNAMIC: i128 = i64::MIN as i128;

impl Reader<'_, '_> {
    /// The forms of [`Format`]s past the core families.
    pub(super) fn custom_more(&mut self, name: &str, format: Format) -> Result<OpId, SyntaxError> {
        let mut attrs = Vec::new();
        let (uses, types, results, extra): Parts = match format {
            Format::Rank => {
                let u = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                (u, vec![self.ty()?], vec![Ty::Index], vec![])
            }
            Format::GetGlobal | Format::FuncConstant => {
                let sym = self.sigil_name('@')?;
                let key = if format == Format::GetGlobal {
                    "name"
                } else {
                    "value"
                };
                attrs.push((key.into(), Attribute::SymbolRef(vec![sym])));
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                (vec![], vec![], vec![self.ty()?], vec![])
            }
            Format::Global => return self.global(name),
            Format::Extended => {
                let u = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let t = self.ty()?;
                let second = if self.eat(",") { self.ty()? } else { t.clone() };
                (u, vec![t.clone(), t.clone()], vec![t, second], vec![])
            }
            Format::Poison => {
                if self.eat("<") {
                    let v = self.attribute()?;
                    self.expect(">")?;
                    attrs.push(("value".into(), v));
                } else {
                    attrs.push(("value".into(), poison()));
                }
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                (vec![], vec![], vec![self.ty()?], vec![])
            }
            Format::Math => {
                let u = self.operand_names()?;
                self.flags(&mut attrs)?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let t = self.ty()?;
                let mut types = vec![t.clone(); u.len()];
                if self.eat(",") {
                    // `math.fpowi %x, %n : f32, i32`: the exponent's type.
                    let last = types.len() - 1;
                    types[last] = self.ty()?;
                }
                let result = if matches!(
                    name,
                    "math.isnan" | "math.isinf" | "math.isfinite" | "math.isnormal"
                ) {
                    Ty::int(1)
                } else {
                    t
                };
                (u, types, vec![result], vec![])
            }
            Format::IndexBinary => {
                let u = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                let n = u.len();
                (u, vec![Ty::Index; n], vec![Ty::Index], vec![])
            }
            Format::IndexCmp => {
                let p = self
                    .word()
                    .ok_or_else(|| self.error("expected a predicate"))?
                    .to_string();
                attrs.push((
                    "pred".into(),
                    Attribute::Opaque {
                        dialect: "index".into(),
                        data: format!("cmp_predicate {p}"),
                    },
                ));
                self.expect("(")?;
                let u = self.operand_names()?;
                self.expect(")")?;
                self.attr_dict(&mut attrs)?;
                (u, vec![Ty::Index, Ty::Index], vec![Ty::int(1)], vec![])
            }
            Format::IndexConstant => {
                self.attr_dict(&mut attrs)?;
                let v = self.attribute()?;
                let (value, ty) = match v {
                    Attribute::Integer { value, .. } if name == "index.constant" => (
                        Attribute::Integer {
                            value,
                            ty: Ty::Index,
                        },
                        Ty::Index,
                    ),
                    Attribute::Bool(b) => (Attribute::Bool(b), Ty::int(1)),
                    _ => {
                        return Err(
                            self.error("expected an integer (or a bool for index.bool.constant)")
                        )
                    }
                };
                attrs.push(("value".into(), value));
                (vec![], vec![], vec![ty], vec![])
            }
            Format::IndexSizeof => {
                self.attr_dict(&mut attrs)?;
                (vec![], vec![], vec![Ty::Index], vec![])
            }
            Format::AssumeAlignment => {
                let u = self.operand_names()?;
                self.expect(",")?;
                let n = self.bounded(i128::from(i32::MAX))?;
                attrs.push((
                    "alignment".into(),
                    Attribute::Integer {
                        value: n,
                        ty: Ty::int(32),
                    },
                ));
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                (u, vec![self.ty()?], vec![], vec![])
            }
            Format::AtomicRmw => {
                let kind = self
                    .word()
                    .ok_or_else(|| self.error("expected an atomic kind"))?;
                let k = formats::ATOMIC_KINDS
                    .iter()
                    .position(|x| *x == kind)
                    .ok_or_else(|| self.error(format!("unknown atomic kind `{kind}`")))?;
                attrs.push((
                    "kind".into(),
                    Attribute::Integer {
                        value: k as i128,
                        ty: Ty::int(64),
                    },
                ));
                let mut u = self.operand_names()?;
                self.expect("[")?;
                let idx = self.operand_names()?;
                self.expect("]")?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let (inputs, results) = self.function_type()?;
                let n = idx.len();
                u.extend(idx);
                let mut types = inputs;
                types.extend(vec![Ty::Index; n]);
                (u, types, results, vec![])
            }
            Format::View => {
                let mut u = self.operand_names()?;
                self.expect("[")?;
                u.extend(self.operand_names()?);
                self.expect("]")?;
                self.expect("[")?;
                let sizes = self.operand_names()?;
                self.expect("]")?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let from = self.ty()?;
                self.expect_to()?;
                let to = self.ty()?;
                let mut types = vec![from, Ty::Index];
                types.extend(vec![Ty::Index; sizes.len()]);
                u.extend(sizes);
                (u, types, vec![to], vec![])
            }
            Format::Transpose => {
                let u = self.operand_names()?;
                let map = self.bare_affine_map()?;
                attrs.push(("permutation".into(), map));
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let from = self.ty()?;
                self.expect_to()?;
                (u, vec![from], vec![self.ty()?], vec![])
            }
            Format::Realloc => {
                let mut u = self.operand_names()?;
                if self.eat("(") {
                    u.extend(self.operand_names()?);
                    self.expect(")")?;
                }
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let from = self.ty()?;
                self.expect_to()?;
                let mut types = vec![from];
                types.extend(vec![Ty::Index; u.len() - 1]);
                (u, types, vec![self.ty()?], vec![])
            }
            Format::ExtractMetadata | Format::ExtractPointer => {
                let u = self.operand_names()?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let from = self.ty()?;
                self.expect("->")?;
                let mut results = vec![self.ty()?];
                while self.eat(",") {
                    results.push(self.ty()?);
                }
                (u, vec![from], results, vec![])
            }
            Format::ExpandShape | Format::CollapseShape => {
                let mut u = self.operand_names()?;
                let reassociation = self.attribute()?;
                attrs.push(("reassociation".into(), reassociation));
                let mut n = 0;
                if format == Format::ExpandShape && self.keyword("output_shape") {
                    let (values, statics) = self.mixed_list()?;
                    n = values.len();
                    u.extend(values);
                    attrs.push(("static_output_shape".into(), i64_array(statics)));
                }
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let from = self.ty()?;
                if !self.keyword("into") {
                    return Err(self.error("expected `into`"));
                }
                let mut types = vec![from];
                types.extend(vec![Ty::Index; n]);
                (u, types, vec![self.ty()?], vec![])
            }
            Format::Subview | Format::ReinterpretCast => {
                let mut u = self.operand_names()?;
                let mut segments = vec![1];
                let keys = ["static_offsets", "static_sizes", "static_strides"];
                let words = ["offset", "sizes", "strides"];
                if format == Format::ReinterpretCast {
                    self.expect_to()?;
                }
                for (i, key) in keys.iter().enumerate() {
                    if format == Format::ReinterpretCast {
                        if i > 0 {
                            self.expect(",")?;
                        }
                        if !self.keyword(words[i]) {
                            return Err(self.error(format!("expected `{}:`", words[i])));
                        }
                        self.expect(":")?;
                    }
                    let (values, statics) = self.mixed_list()?;
                    segments.push(values.len());
                    u.extend(values);
                    attrs.push((key.to_string(), i64_array(statics)));
                }
                attrs.push(("operandSegmentSizes".into(), i32_array(&segments)));
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let from = self.ty()?;
                self.expect_to()?;
                let mut types = vec![from];
                types.extend(vec![Ty::Index; u.len() - 1]);
                (u, types, vec![self.ty()?], vec![])
            }
            Format::Reshape => {
                let mut u = self.operand_names()?;
                self.expect("(")?;
                u.extend(self.operand_names()?);
                self.expect(")")?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let (inputs, results) = self.function_type()?;
                (u, inputs, results, vec![])
            }
            Format::CallIndirect => {
                let mut u = self.operand_names()?;
                self.expect("(")?;
                u.extend(self.operand_names()?);
                self.expect(")")?;
                self.attr_dict(&mut attrs)?;
                self.expect(":")?;
                let at = self.pos;
                let callee = self.ty()?;
                let Ty::Function { inputs, results } = callee.clone() else {
                    return Err(SyntaxError {
                        offset: at,
                        message: "expected a function type".into(),
                    });
                };
                let mut types = vec![callee];
                types.extend(inputs);
                (u, types, results, vec![])
            }
            Format::AllocaScope | Format::GenericAtomicRmw => return self.region_op(name, format),
            Format::Switch => return self.switch(name),
            _ => return Err(self.error(format!("custom op '{name}' is unknown"))),
        };
        attrs.extend(extra);
        let operands = self.resolve_all(&uses, &types)?;
        formats::complete(name, &mut attrs);
        Ok(self.graph.create(name, operands, results, attrs, vec![], 0))
    }

    /// A non-negative integer no larger than `max`.
    fn bounded(&mut self, max: i128) -> Result<i128, SyntaxError> {
        self.skip();
        let at = self.pos;
        let n = i128::from(self.integer()?);
        if n > max {
            return Err(SyntaxError {
                offset: at,
                message: "integer value too large".into(),
            });
        }
        Ok(n)
    }

    fn expect_to(&mut self) -> Result<(), SyntaxError> {
        if self.keyword("to") {
            Ok(())
        } else {
            Err(self.error("expected `to`"))
        }
    }

    /// `(d0, d1) -> (d1, d0)`: an affine map written without `affine_map<...>`.
    fn bare_affine_map(&mut self) -> Result<Attribute, SyntaxError> {
        self.skip();
        let start = self.pos;
        // The map runs to the ` : ` of the types (maps hold no colon).
        let len = self
            .rest()
            .find(':')
            .ok_or_else(|| self.error("expected an affine map"))?;
        let text = format!("affine_map<{}>", self.text[start..start + len].trim());
        let a = super::parse_attribute(&text).map_err(|e| SyntaxError {
            offset: start,
            message: e.message,
        })?;
        self.pos = start + len;
        Ok(a)
    }

    /// `[%a, 4, %b]`: values, and the static list with [`DYNAMIC`] where a value stands.
    fn mixed_list(&mut self) -> Result<(Vec<Use>, Vec<i128>), SyntaxError> {
        self.expect("[")?;
        let mut values = Vec::new();
        let mut statics = Vec::new();
        if self.eat("]") {
            return Ok((values, statics));
        }
        loop {
            if self.peek("%") {
                values.extend(self.operand_names_one()?);
                statics.push(DYNAMIC);
            } else {
                let negative = self.eat("-");
                let n = self.bounded(i64::MAX as i128)?;
                statics.push(if negative { -n } else { n });
            }
            if self.eat("]") {
                return Ok((values, statics));
            }
            self.expect(",")?;
        }
    }

    fn operand_names_one(&mut self) -> Result<Vec<Use>, SyntaxError> {
        let at = self.pos;
        let mut name = self.sigil_name('%')?;
        if self.rest().starts_with('#') {
            self.pos += 1;
            name = format!("{name}#{}", self.integer()?);
        }
        Ok(vec![(name, at)])
    }

    /// `memref.global "private" constant @name : type = init {attrs}`.
    fn global(&mut self, name: &str) -> Result<OpId, SyntaxError> {
        let mut attrs = Vec::new();
        if self.peek("\"") {
            let v = self.string()?;
            attrs.push((
                "sym_visibility".into(),
                Attribute::String { value: v, ty: None },
            ));
        }
        if self.keyword("constant") {
            attrs.push(("constant".into(), Attribute::Unit));
        }
        let sym = self.sigil_name('@')?;
        attrs.push((
            "sym_name".into(),
            Attribute::String {
                value: sym,
                ty: None,
            },
        ));
        self.expect(":")?;
        let ty = self.ty()?;
        attrs.push(("type".into(), Attribute::Type(ty.clone())));
        if self.eat("=") {
            if self.keyword("uninitialized") {
                attrs.push(("initial_value".into(), Attribute::Unit));
            } else {
                // `dense<...>` written without its type: the memref's shape as a tensor.
                self.skip();
                let start = self.pos;
                let end =
                    dense_end(self.rest()).ok_or_else(|| self.error("expected `dense<...>`"))?;
                let tensor = match &ty {
                    Ty::MemRef { shape, element, .. } => Ty::Tensor {
                        shape: shape.clone(),
                        element: element.clone(),
                        encoding: None,
                    },
                    other => other.clone(),
                };
                let text = format!("{} : {tensor}", &self.text[start..start + end]);
                let v = super::parse_attribute(&text).map_err(|e| SyntaxError {
                    offset: start,
                    message: e.message,
                })?;
                self.pos = start + end;
                attrs.push(("initial_value".into(), v));
            }
        }
        self.attr_dict(&mut attrs)?;
        Ok(self.graph.create(name, vec![], vec![], attrs, vec![], 0))
    }

    /// `memref.alloca_scope -> (T) { ... }` and `memref.generic_atomic_rmw %m[%i] : T {...}`.
    fn region_op(&mut self, name: &str, format: Format) -> Result<OpId, SyntaxError> {
        let mut attrs = Vec::new();
        let (uses, types, results) = if format == Format::AllocaScope {
            let mut results = Vec::new();
            if self.eat("->") {
                self.expect("(")?;
                if !self.eat(")") {
                    loop {
                        results.push(self.ty()?);
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
            }
            (vec![], vec![], results)
        } else {
            let mut u = self.operand_names()?;
            self.expect("[")?;
            let idx = self.operand_names()?;
            self.expect("]")?;
            self.expect(":")?;
            let ty = self.ty()?;
            let element = ty.element().cloned().unwrap_or(Ty::None);
            let n = idx.len();
            u.extend(idx);
            let mut types = vec![ty];
            types.extend(vec![Ty::Index; n]);
            (u, types, vec![element])
        };
        let operands = self.resolve_all(&uses, &types)?;
        let op = self
            .graph
            .create(name, operands, results, vec![], vec![], 1);
        let region = self.graph.op(op).regions[0];
        self.region(region, name, None)?;
        if self.keyword("attributes") {
            attrs = self.dictionary()?;
        } else {
            self.attr_dict(&mut attrs)?;
        }
        for (k, v) in attrs {
            self.graph.set_attribute(op, &k, v);
        }
        if format == Format::AllocaScope {
            // The terminator without values may be left out; it is there all the same.
            let blocks = self.graph.region(region).blocks.clone();
            let block = match blocks.first() {
                Some(b) => *b,
                None => {
                    let b = self.graph.new_block(vec![]);
                    self.graph.attach_block(b, region, 0);
                    b
                }
            };
            let ends = self
                .graph
                .block(block)
                .operations
                .last()
                .map(|o| self.graph.op(*o).name.clone());
            if ends.as_deref() != Some("memref.alloca_scope.return") {
                let ret = self.graph.create(
                    "memref.alloca_scope.return",
                    vec![],
                    vec![],
                    vec![],
                    vec![],
                    0,
                );
                self.insert(ret, block);
            }
        }
        Ok(op)
    }

    /// `cf.switch %flag : i32, [default: ^bb1(...), 0: ^bb2, ...]`.
    fn switch(&mut self, name: &str) -> Result<OpId, SyntaxError> {
        let flag = self.operand_names()?;
        self.expect(":")?;
        let flag_ty = self.ty()?;
        self.expect(",")?;
        self.expect("[")?;
        if !self.keyword("default") {
            return Err(self.error("expected `default`"));
        }
        self.expect(":")?;
        let mut successors = vec![self.block_ref()?];
        let (mut uses, mut types) = self.successor_operands()?;
        let default_count = uses.len();
        let mut cases = Vec::new();
        let mut case_counts = Vec::new();
        while self.eat(",") {
            let negative = self.eat("-");
            let at = self.pos;
            let n = self.bounded(i128::from(u64::MAX))?;
            let n = super::fit_int(if negative { -n } else { n }, &flag_ty).map_err(|m| {
                SyntaxError {
                    offset: at,
                    message: m,
                }
            })?;
            cases.push(n);
            self.expect(":")?;
            successors.push(self.block_ref()?);
            let (u, t) = self.successor_operands()?;
            case_counts.push(u.len());
            uses.extend(u);
            types.extend(t);
        }
        self.expect("]")?;
        let mut attrs = Vec::new();
        self.attr_dict(&mut attrs)?;
        let mut all_uses = flag;
        all_uses.extend(uses);
        let mut all_types = vec![flag_ty.clone()];
        all_types.extend(types);
        let operands = self.resolve_all(&all_uses, &all_types)?;
        if !cases.is_empty() {
            let ty = Ty::Vector {
                shape: vec![cases.len() as i64],
                scalable: vec![false],
                element: Box::new(flag_ty),
            };
            let values = Attribute::dense(ty, Elements::Ints(cases)).map_err(|m| self.error(m))?;
            attrs.push(("case_values".into(), values));
        }
        attrs.push(("case_operand_segments".into(), i32_array(&case_counts)));
        let case_total: usize = case_counts.iter().sum();
        attrs.push((
            "operandSegmentSizes".into(),
            i32_array(&[1, default_count, case_total]),
        ));
        Ok(self
            .graph
            .create(name, operands, vec![], attrs, successors, 0))
    }
}

/// Where `dense<...>` at the start of `s` ends (past its `>`).
fn dense_end(s: &str) -> Option<usize> {
    if !s.starts_with("dense<") {
        return None;
    }
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// `#ub.poison`.
pub fn poison() -> Attribute {
    Attribute::Opaque {
        dialect: "ub".into(),
        data: "poison".into(),
    }
}

/// `array<i64: ...>`.
pub fn i64_array(values: Vec<i128>) -> Attribute {
    Attribute::DenseArray {
        element: Ty::int(64),
        elements: Elements::Ints(values),
    }
}

/// `array<i32: ...>`.
pub fn i32_array(values: &[usize]) -> Attribute {
    Attribute::DenseArray {
        element: Ty::int(32),
        elements: Elements::Ints(values.iter().map(|v| *v as i128).collect()),
    }
}

/// The values of an `array<i64: ...>` or `array<i32: ...>`.
pub fn array_values(a: Option<&Attribute>) -> Vec<i128> {
    match a {
        Some(Attribute::DenseArray {
            elements: Elements::Ints(v),
            ..
        }) => v.clone(),
        _ => Vec::new(),
    }
}
